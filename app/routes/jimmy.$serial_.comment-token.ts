import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSerial } from "~/lib/serial";
import { issueUniqueFormToken } from "~/services/comment-guard.server";
import { requestT } from "~/web/language.server";

/**
 * A comment-form token for a Jimmy page's box, fetched when it opens: a
 * signed-out visitor's page is one copy shared by everyone (server/page-cache.ts),
 * so the minimum fill time counts from here, for this visitor alone
 * (docs/security.md). Never kept by anyone: each fetch gets a token of its own.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  if (parseSerial(params.serial) === null) {
    const t = requestT(request);
    return Response.json({ message: t("That address doesn't name a Jimmy: Jimmy pages look like /jimmy/12.") }, { status: 400, headers });
  }
  return Response.json({ token: issueUniqueFormToken() }, { headers });
}
