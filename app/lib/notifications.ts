/** The words of a notification, the same in the app (/notifications) and in email. */
import type { NotificationKind } from "#db/schema";

export type NotificationWords = {
  kind: NotificationKind;
  actorName: string;
  serialNumber: number | null;
  aboutYourDiscovery: boolean;
  firstFind: boolean;
};

export function notificationTitle(notification: NotificationWords): string {
  const jimmy = notification.serialNumber === null ? "a Jimmy" : `Jimmy #${notification.serialNumber}`;
  switch (notification.kind) {
    case "like":
      return `${notification.actorName} liked your discovery of ${jimmy}`;
    case "comment":
      return `${notification.actorName} commented on ${jimmy}`;
    case "rediscovery":
      return notification.firstFind
        ? `${notification.actorName} found ${jimmy} for the first time`
        : `${notification.actorName} found ${jimmy} again`;
    case "milestone":
      return notification.aboutYourDiscovery ? `Your discovery of ${jimmy} reached a milestone` : `${jimmy} reached a milestone`;
    case "missing":
      return `${jimmy} may be missing: hunters went to its last place and it wasn't there`;
  }
}
