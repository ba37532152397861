import type { AppLoadContext, EntryContext, HandleDataRequestFunction, ServerBuild } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { isPageCacheable, PAGE_CACHE_SHARED_HEADER } from "~/lib/page-cache";
import { preferenceVariant } from "~/lib/reader-preferences";
import { getDb, migrateToLatest } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { applyCommonSecurityHeaders, applyDocumentSecurityHeaders, createNonce, inlineScriptHashes } from "~/web/security.server";
import { pageBuffer } from "~/web/react-stream.server";
import { answeringDomainErrors } from "~/web/domain-errors.server";
import { sharingPageReads } from "~/web/page-request.server";
import { getStorage } from "~/infra/storage.server";
import { startUploadSweeper } from "~/services/upload-sweeper.server";
import { emailJobHandlers } from "~/services/email-jobs.server";
import { dataExportJobHandlers } from "~/services/data-export.server";
import { startJobRunner, stopJobRunner } from "~/services/jobs.server";
import { registerDiskGauge } from "~/infra/metrics.server";
import { RequestIdContext } from "~/components/ui/ErrorPage";
import { getMailer } from "~/services/mail.server";
import { PageLanguageContext } from "~/components/i18n";
import { languageAlternates, pageWordsAddress, requestLanguage } from "~/web/language.server";

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
  // A page of a route that opts into the page cache, rendered for a signed-out
  // visitor with nothing issued for them alone, is *shared*: the same bytes for
  // everyone with the same reading preferences (server/page-cache.ts stores it
  // whole), so it has no nonce and its inline scripts are allowed by hash.
  // Every other page is rendered for its request alone, with a nonce.
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  const handle = leaf === undefined ? undefined : remixContext.routeModules[leaf.route.id]?.handle;
  const cacheable = isPageCacheable(handle);
  const shared =
    responseStatusCode === 200 &&
    cacheable &&
    !handle.personal?.(remixContext.staticHandlerContext.loaderData[leaf!.route.id]) &&
    // Signed out: no Authorization, no cookie but the reading preferences (as sharedVariant in server/page-cache.ts).
    !request.headers.has("Authorization") &&
    preferenceVariant(request.headers.get("Cookie"), request.headers.get("Accept-Language")) !== null;
  const nonce = shared ? undefined : createNonce();
  const language = requestLanguage(request);
  if (responseStatusCode === 200) {
    const alternates = languageAlternates(new URL(request.url));
    if (alternates) responseHeaders.append("Link", alternates);
  }
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
      const html = Buffer.concat(chunks);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // A shared page's scripts are those it holds, so the policy is computed from it once rendered.
      applyDocumentSecurityHeaders(
        responseHeaders,
        nonce === undefined ? { hashes: inlineScriptHashes(html.toString("utf8")) } : { nonce },
      );
      // A shared copy differs by the preference cookies and the language that picks a reader's units; every other
      // page is someone's own (unless its route said how it may be kept): private, never kept for another person.
      // No `Vary: Cookie` on those: the browser would then refetch them on Back whenever a cookie changed (a toast's),
      // and a hunter going Back to the report form they sent must get it as sent, with its idempotency key.
      // A route that offers shared copies says so on its personal answers too: the same address differs by cookie.
      if (cacheable) responseHeaders.append("Vary", "Cookie");
      if (shared && responseStatusCode === 200) {
        responseHeaders.append("Vary", "Accept-Language");
        responseHeaders.set(PAGE_CACHE_SHARED_HEADER, "1");
      } else if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
      resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <PageLanguageContext.Provider value={{ language, wordsAddress: pageWordsAddress(language) }}>
          <RequestIdContext.Provider value={loadContext.requestId ?? null}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </RequestIdContext.Provider>
        </PageLanguageContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        // The whole page, parts loaded on demand (the error page) included: nothing is streamed in later.
        onAllReady() {
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
