import crypto from "node:crypto";
import { describeBrowser } from "~/lib/user-agent";
import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from "~/models/sessions.server";
import { requestT } from "~/web/language.server";
import { currentSessionHash } from "~/web/session.server";
import { done, type IntentContext } from "./answer.server";

/** A session's name on this page: not its database key, which stays on the server. */
export function deviceId(idHash: string): string {
  return crypto.createHash("sha256").update(`device:${idHash}`).digest("base64url").slice(0, 22);
}

/** Signs out one of the hunter's devices, named by its deviceId. */
export async function signOutDeviceAction({ request, form, db, user }: IntentContext) {
  const t = requestT(request);
  const id = String(form.get("device") ?? "");
  const session = (await listUserSessions(db, user.id, new Date().toISOString())).find((s) => deviceId(s.idHash) === id);
  // Already gone (signed out there, or expired): the hunter wanted it gone, and it is.
  if (session) await deleteUserSession(db, user.id, session.idHash);
  return done(
    t("Signed out"),
    t("{browser} is no longer signed in to your account.", { browser: describeBrowser(session?.userAgent ?? null, t) }),
  );
}

/** Signs out every device of the hunter's but the one asking. */
export async function signOutOthersAction({ request, db, user }: IntentContext) {
  const t = requestT(request);
  const current = await currentSessionHash(request);
  const ended = current ? await deleteOtherUserSessions(db, user.id, current) : 0;
  return done(
    t("Signed out everywhere else"),
    ended === 0
      ? t("You were signed in on this device only.")
      : t("{count, plural, one {# other device is} other {# other devices are}} no longer signed in.", { count: ended }),
  );
}
