import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageWordsOfFile, requestT } from "~/web/language.server";
import { applyCommonSecurityHeaders } from "~/web/security.server";

/**
 * The words a page's code shows in one language (/words/{language}-{hash}.json,
 * named by the page's `<link id="words">`; docs/decisions/023-languages.md).
 * The name changes when the words do, so a copy is kept by the browser, the
 * service worker and any cache for a year and fetched once, not with every
 * page. A name of another version answers 404: the page that asks for it is
 * that version's, and loads the current one.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const json = pageWordsOfFile(params.file ?? "");
  const headers = new Headers({ "Content-Security-Policy": "default-src 'none'; sandbox" });
  applyCommonSecurityHeaders(headers);
  if (json === null) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.set("Cache-Control", "no-store");
    return new Response(requestT(request)("No such words file: reload the page to get this version’s words."), { status: 404, headers });
  }
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  return new Response(json, { headers });
}
