import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { createContext, useContext, useState } from "react";
import { Link } from "~/components/Link";
import { isLostConnection } from "~/lib/transport";
import { buttonClass } from "./Button";
import { AlertIcon } from "./icons";
import { useT } from "~/components/i18n";
import { msg } from "~/lib/language";

/*
 * The error page every route's ErrorBoundary renders. Bundled into the chunk
 * every page loads (vite.config.ts, ROOT_SHARED), not a chunk of its own
 * (docs/decisions/012-form-parts.md).
 */

/**
 * A page's words for one answer: `message` is always shown; `fallback` only
 * when the server gave no words of its own (a thrown Response's text, or the
 * JSON API's { message }).
 */
export type ErrorText = { title: string; message?: string; fallback?: string };

/** The words for each status, unless a page says it its own way (messages, worded where shown). */
const STATUS_TEXTS: Record<number, ErrorText> = {
  401: { title: msg("Sign in first") },
  403: { title: msg("Not allowed") },
  404: { title: msg("Not found") },
  429: { title: msg("Slow down"), fallback: msg("Wait a minute, then try again.") },
  503: { title: msg("Busy right now") },
};

/** Some statuses a page words its own way (in the page's language); `other` covers every status it does not name. */
export type ErrorTexts = { [status: number]: ErrorText; other?: ErrorText };

/**
 * The one error page every route's ErrorBoundary renders: the status, what
 * went wrong in the page's words (or the server's), and the way back to the hunt.
 */
export function ErrorPage({ texts = {}, eyebrow = "icon", home }: { texts?: ErrorTexts; eyebrow?: "icon" | "status"; home?: string }) {
  const t = useT();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const lost = isLostConnection(error);
  const own = STATUS_TEXTS[status];
  const text: ErrorText = lost
    ? {
        title: texts.other?.title ?? t("Connection lost"),
        // A page whose data never arrived: the app may be fine, the connection was not.
        message: t("The connection dropped before this page arrived. Check it and try again."),
      }
    : (texts[status] ??
      texts.other ??
      (own
        ? { title: t(own.title), fallback: own.fallback === undefined ? undefined : t(own.fallback) }
        : { title: status < 500 ? t("We couldn't do that") : t("Something went wrong") }));
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const given = typeof data === "string" ? data : typeof data === "object" && data !== null && "message" in data ? data.message : null;
  const message =
    text.message ??
    (typeof given === "string" && given ? given : (text.fallback ?? t("Something went wrong on our side. Please try again in a moment.")));
  return (
    <ErrorNotice
      eyebrow={
        eyebrow === "status" && !lost ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">{t("Error {status}", { status: String(status) })}</p>
        ) : (
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-orange-100 text-orange-800">
            <AlertIcon className="h-7 w-7" />
          </span>
        )
      }
      title={text.title}
      message={message}
      home={home}
    />
  );
}

export function NotFoundPage() {
  const t = useT();
  return (
    <ErrorNotice
      eyebrow={<img src="/logo.svg" alt="" width={80} height={80} className="mx-auto h-20 w-20 opacity-80" />}
      title={t("404 Page Not Found")}
      message={t("This Jimmy wandered off. The page you are looking for doesn't exist.")}
      home={t("Go Home")}
    />
  );
}

/** The id of the request being rendered (server/request-log.ts), given by the server's entry; null in the browser. */
export const RequestIdContext = createContext<string | null>(null);

/** The id an error page from the server shows, read before it is hydrated (then taken, so no later page shows it). */
let pageRequestId = typeof document === "undefined" ? null : (document.getElementById("request-id")?.textContent ?? null);

/**
 * The id of the request whose error page this is, for the hunter to quote: on
 * the server, the request's; in the browser, the one the server's page
 * showed (a page the browser rendered itself has none to show).
 */
function useRequestId(): string | null {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(() => {
    const shown = fromServer ?? pageRequestId;
    pageRequestId = null;
    return shown;
  });
  return id;
}

/** An error page's frame, alike on every page: a sign, a heading, the words, the way home. */
export function ErrorNotice({
  eyebrow,
  title,
  message,
  home,
}: {
  eyebrow: React.ReactNode;
  title: string;
  message: string;
  home?: string;
}) {
  const t = useT();
  const requestId = useRequestId();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {eyebrow}
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      <Link to="/" className={buttonClass("primary", "cta", "mt-8")}>
        {home ?? t("Back to the hunt")}
      </Link>
      {requestId && <p className="mt-6 text-xs text-stone-600">{t("Reference {id}", { id: <code id="request-id">{requestId}</code> })}</p>}
    </section>
  );
}
