import { decodeCursor } from "~/lib/discoveries";

/**
 * A feed page's `after` parameter and the cursor it names, from its URL: both
 * null on the newest page. A cursor that does not decode is a 400 that says
 * so in the page's own words.
 */
export function feedPageCursor(request: Request, badCursorText: string) {
  const afterParam = new URL(request.url).searchParams.get("after");
  const after = afterParam === null ? null : decodeCursor(afterParam);
  if (afterParam !== null && !after) throw new Response(badCursorText, { status: 400 });
  return { afterParam, after };
}
