import crypto from "node:crypto";
import { plural } from "~/lib/format";
import { describeBrowser } from "~/lib/user-agent";
import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from "~/models/sessions.server";
import { currentSessionHash } from "~/web/session.server";
import { done, type IntentContext } from "./answer.server";

/** A session's name on this page: not its database key, which stays on the server. */
export function deviceId(idHash: string): string {
  return crypto.createHash("sha256").update(`device:${idHash}`).digest("base64url").slice(0, 22);
}

/** Signs out one of the hunter's devices, named by its deviceId. */
export async function signOutDeviceAction({ form, db, user }: IntentContext) {
  const id = String(form.get("device") ?? "");
  const session = (await listUserSessions(db, user.id, new Date().toISOString())).find((s) => deviceId(s.idHash) === id);
  // Already gone (signed out there, or expired): the hunter wanted it gone, and it is.
  if (session) await deleteUserSession(db, user.id, session.idHash);
  return done("Signed out", `${describeBrowser(session?.userAgent ?? null)} is no longer signed in to your account.`);
}

/** Signs out every device of the hunter's but the one asking. */
export async function signOutOthersAction({ request, db, user }: IntentContext) {
  const current = await currentSessionHash(request);
  const ended = current ? await deleteOtherUserSessions(db, user.id, current) : 0;
  return done(
    "Signed out everywhere else",
    ended === 0
      ? "You were signed in on this device only."
      : `${plural(ended, "other device is", "other devices are")} no longer signed in.`,
  );
}
