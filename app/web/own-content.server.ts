import { z } from "zod";
import { DEFAULT_CAPTION } from "~/lib/discoveries";
import { COMMENT_EDIT_WINDOW_MS } from "~/lib/comments";
import { MAX_ROW_ID } from "~/lib/ids";
import { findCommentWithOwner, type OwnedComment } from "~/models/comments.server";
import { findDiscoveryWithOwner, updateDiscoveryText, type OwnedDiscovery } from "~/models/discoveries.server";
import type { DB } from "~/infra/db.server";
import { resolvePublishedPlace } from "~/services/geo.server";
import { photoUrls } from "~/infra/storage.server";
import { msg } from "~/lib/language";
import { requestT } from "./language.server";
import { requireUser } from "./session.server";

const IdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** Messages (msg), worded in the reader's language when refused. */
export const NOT_YOUR_DISCOVERY_TEXT = msg(
  "This discovery was reported by another hunter, so only they can change or delete it. Nothing was changed.",
);
export const NOT_YOUR_COMMENT_TEXT = msg(
  "This comment was written by someone else, so only they can change or delete it. Nothing was changed.",
);
export const ANONYMOUS_COMMENT_TEXT = msg(
  "This comment was posted without signing in, so nobody can prove it is theirs: it cannot be edited or deleted. If something is wrong with it, flag it for the admin.",
);
/** `minutes`: COMMENT_EDIT_WINDOW_MS in minutes. */
export const EDIT_WINDOW_PASSED_TEXT = msg(
  "Comments can be edited for {minutes, plural, one {# minute} other {# minutes}} after posting, and that time has passed. You can still delete it.",
);

/** A refusal in the reader's language. */
function refuse(request: Request, status: number, message: string, values?: Record<string, number>): Response {
  return new Response(requestT(request)(message, values), { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The signed-in hunter's own discovery named by a route's `id`; otherwise
 * sends a visitor to sign in, or throws 404 (none) or 403 (someone else's).
 */
export async function requireOwnDiscovery(request: Request, db: DB, idParam: string | undefined): Promise<OwnedDiscovery> {
  const { id: userId } = await requireUser(request, { db });
  const id = IdSchema.safeParse(idParam);
  const discovery = id.success ? await findDiscoveryWithOwner(db, photoUrls(), id.data) : null;
  if (!discovery) throw refuse(request, 404, msg("That discovery doesn't exist any more."));
  if (discovery.userId !== userId) throw refuse(request, 403, NOT_YOUR_DISCOVERY_TEXT);
  return discovery;
}

/**
 * The signed-in hunter's own comment named by a route's `id`; otherwise sends
 * a visitor to sign in, or throws 404 (none) or 403 (someone else's, or
 * posted without signing in, which nobody can claim).
 */
export async function requireOwnComment(request: Request, db: DB, idParam: string | undefined): Promise<OwnedComment> {
  const { id: userId } = await requireUser(request, { db });
  const id = IdSchema.safeParse(idParam);
  const comment = id.success ? await findCommentWithOwner(db, id.data) : null;
  if (!comment) throw refuse(request, 404, msg("That comment doesn't exist any more."));
  if (comment.userId === null || comment.isAdmin) throw refuse(request, 403, ANONYMOUS_COMMENT_TEXT);
  if (comment.userId !== userId) throw refuse(request, 403, NOT_YOUR_COMMENT_TEXT);
  return comment;
}

/** Whether a comment may still be edited (deleting it is allowed any time). */
export function withinEditWindow(comment: { createdAt: string }, now = new Date()): boolean {
  return now.getTime() - Date.parse(comment.createdAt) <= COMMENT_EDIT_WINDOW_MS;
}

export function refuseEditAfterWindow(request: Request): Response {
  return refuse(request, 403, EDIT_WINDOW_PASSED_TEXT, { minutes: COMMENT_EDIT_WINDOW_MS / 60_000 });
}

/**
 * Changes a discovery's caption and location the way reporting sets them: a
 * blank caption becomes the default one, and the place (city, state,
 * country, the map's pin) is derived again. Coordinates measured by the
 * hunter's device stay and keep deciding the place; coordinates that were
 * only guessed from the old text are guessed again from the new; text that
 * names no place, with nothing measured, is refused (UnknownPlaceError).
 */
export async function editOwnDiscovery(
  db: DB,
  discovery: OwnedDiscovery,
  input: { caption: string; location: string | null },
): Promise<boolean> {
  const measured = discovery.latitude !== null && discovery.longitude !== null && !discovery.locationApproximate;
  // The edit page has no device location to offer: a place it cannot find is refused (UnknownPlaceError).
  const place = await resolvePublishedPlace(
    measured ? { latitude: discovery.latitude, longitude: discovery.longitude, location: input.location } : { location: input.location },
    { canMeasure: false },
  );
  return updateDiscoveryText(db, discovery.id, { caption: input.caption || DEFAULT_CAPTION, location: input.location, place });
}
