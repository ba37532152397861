/** The words of a notification, the same in the app (/notifications) and in email. */
import type { NotificationKind } from "#db/schema";
import { type MessageKey, translator } from "./language";

export type NotificationWords = {
  kind: NotificationKind;
  actorName: string;
  serialNumber: number | null;
  aboutYourDiscovery: boolean;
  firstFind: boolean;
};

/** `t` in the reader's language (useT in a page, requestT on the server). */
type Words = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The notification's title; `t` words it in the reader's language (English when not given). */
export function notificationTitle(notification: NotificationWords, t: Words = translator("en")): string {
  const actor = notification.actorName;
  if (notification.serialNumber === null) {
    switch (notification.kind) {
      case "like":
        return t("{actor} liked your discovery of a Jimmy", { actor });
      case "comment":
        return t("{actor} commented on a Jimmy", { actor });
      case "rediscovery":
        return notification.firstFind
          ? t("{actor} found a Jimmy for the first time", { actor })
          : t("{actor} found a Jimmy again", { actor });
      case "milestone":
        return notification.aboutYourDiscovery ? t("Your discovery of a Jimmy reached a milestone") : t("a Jimmy reached a milestone");
      case "missing":
        return t("a Jimmy may be missing: hunters went to its last place and it wasn't there");
    }
  }
  const serial = String(notification.serialNumber);
  switch (notification.kind) {
    case "like":
      return t("{actor} liked your discovery of Jimmy #{serial}", { actor, serial });
    case "comment":
      return t("{actor} commented on Jimmy #{serial}", { actor, serial });
    case "rediscovery":
      return notification.firstFind
        ? t("{actor} found Jimmy #{serial} for the first time", { actor, serial })
        : t("{actor} found Jimmy #{serial} again", { actor, serial });
    case "milestone":
      return notification.aboutYourDiscovery
        ? t("Your discovery of Jimmy #{serial} reached a milestone", { serial })
        : t("Jimmy #{serial} reached a milestone", { serial });
    case "missing":
      return t("Jimmy #{serial} may be missing: hunters went to its last place and it wasn't there", { serial });
  }
}
