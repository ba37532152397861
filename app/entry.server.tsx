import type { AppLoadContext, EntryContext, HandleDataRequestFunction, ServerBuild } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { PersonalTemplateContext } from "~/components/personal-template";
import { isPageCacheable, PAGE_CACHE_FORM_TOKEN_HEADER, PAGE_CACHE_NONCE_HEADER, PAGE_CACHE_PERSONAL_HEADER } from "~/lib/page-cache";
import { issueUniqueFormToken } from "~/services/comment-guard.server";
import { getDb, migrateToLatest } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { applyCommonSecurityHeaders, applyDocumentSecurityHeaders, createNonce } from "~/web/security.server";
import { pageBuffer } from "~/web/react-stream.server";
import { answeringDomainErrors } from "~/web/domain-errors.server";
import { sharingPageReads } from "~/web/page-request.server";
import { getStorage } from "~/infra/storage.server";
import { startUploadSweeper } from "~/services/upload-sweeper.server";
import { emailJobHandlers } from "~/services/email-jobs.server";
import { dataExportJobHandlers } from "~/services/data-export.server";
import { startJobRunner, stopJobRunner } from "~/services/jobs.server";
import { registerDiskGauge } from "~/infra/metrics.server";
import { RequestIdContext } from "~/root";
import { getMailer } from "~/services/mail.server";

// Validate configuration and bring the database schema up to date before the
// server accepts its first request: a bad setting or a failed migration stops
// the start instead of surfacing later as errors.
env();
await migrateToLatest(getDb());
// Opening the store now also registers its origins in the Content-Security-Policy before the first page.
getStorage();
startUploadSweeper();
if (!env().mail) console.log("Email is off: SMTP_URL and MAIL_FROM are not set, so no email is sent (hunters see their news in the app).");
startJobRunner(getDb, () => ({ ...emailJobHandlers(getMailer()), ...dataExportJobHandlers(getStorage) }), env().jobPollMs);
registerDiskGauge(env().dataDir);

/**
 * The server calls this on SIGTERM once it has stopped accepting requests
 * and those under way are answered (server/listen.ts): the job under way
 * finishes and no other starts, then the database is closed.
 */
export async function stopApp(): Promise<void> {
  await stopJobRunner();
  await getDb().destroy();
}

const ABORT_DELAY = 5_000;

export const streamTimeout = ABORT_DELAY;

/** For the anonymous page cache (server/app.ts): each cached copy of a page with a comment form gets a token of its own. */
export const issuePageCacheFormToken = () => issueUniqueFormToken();

/** For the page cache: a signed-in hunter's values for a personal page template's keys. */
export { personalizePage } from "~/web/personal-page.server";

/**
 * The production server wraps the build with this (server/app.ts): a busy
 * database answers 503 from any loader or action, and the loaders of one page
 * request read the signed-in hunter once between them.
 */
export const atRouteEdge = (build: ServerBuild) => sharingPageReads(answeringDomainErrors(build));

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  // A page that may be kept by the anonymous page cache (server/page-cache.ts)
  // is marked with the nonce it was rendered with.
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  const handle = leaf === undefined ? undefined : remixContext.routeModules[leaf.route.id]?.handle;
  const cacheable = responseStatusCode === 200 && isPageCacheable(handle);
  const template = typeof loadContext.personalTemplate === "string" && loadContext.personalTemplate ? loadContext.personalTemplate : null;
  const personal = cacheable && handle.personalTemplate === true;
  const formToken = cacheable ? handle.pageCacheFormToken?.(remixContext.staticHandlerContext.loaderData[leaf!.route.id]) : undefined;
  const waitForAll = isbot(request.headers.get("user-agent") || "") || remixContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The pages defer no data, so the document is complete as soon as React
    // has rendered it. It is sent as one body rather than streamed: compressing
    // React's many small writes one by one cost more CPU than rendering the
    // page, and a page that fails half-way still gets its error status.
    const chunks: Buffer[] = [];
    const body = pageBuffer(chunks);
    body.on("finish", () => {
      clearTimeout(timeout);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      applyDocumentSecurityHeaders(responseHeaders, nonce);
      if (cacheable && responseStatusCode === 200) {
        responseHeaders.set(PAGE_CACHE_NONCE_HEADER, nonce);
        if (formToken) responseHeaders.set(PAGE_CACHE_FORM_TOKEN_HEADER, formToken);
        if (personal) responseHeaders.set(PAGE_CACHE_PERSONAL_HEADER, template !== null ? "template" : "offered");
      }
      resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdContext.Provider value={loadContext.requestId ?? null}>
          <PersonalTemplateContext.Provider value={template}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </PersonalTemplateContext.Provider>
        </RequestIdContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported here; the client sees only a generic page.
          if (shellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, ABORT_DELAY + 1000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applyCommonSecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
