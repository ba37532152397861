import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useContext, useEffect, useState } from "react";
import { Link } from "~/components/Link";
import { isLostConnection } from "~/lib/transport";
import { buttonClass } from "./Button";
import { AlertIcon } from "./icons";
import { useT } from "~/components/i18n";
import { RequestIdContext, type ErrorAction, type ErrorText, type ErrorTexts } from "./error-parts";
import { msg } from "~/lib/language";

/*
 * The error page every route's ErrorBoundary renders, loaded through
 * ./ErrorPage only when a page shows it (docs/decisions/012-form-parts.md).
 */

/** The words for each status, unless a page says it its own way (messages, worded where shown). */
const STATUS_TEXTS: Record<number, ErrorText> = {
  401: { title: msg("Sign in first") },
  403: { title: msg("Not allowed") },
  404: { title: msg("Not found") },
  429: { title: msg("Slow down"), fallback: msg("Wait a minute, then try again.") },
  503: { title: msg("Busy right now") },
};

/**
 * The one error page every route's ErrorBoundary renders: the status, what
 * went wrong in the page's words (or the server's), and the way back to the hunt.
 */
export function ErrorPageView({
  texts = {},
  eyebrow = "icon",
  home,
  action,
  alert,
}: {
  texts?: ErrorTexts;
  eyebrow?: "icon" | "status";
  home?: string;
  action?: ErrorAction | null;
  /** The words are announced as they appear (a list that failed to load in place). */
  alert?: boolean;
}) {
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
      action={action}
      alert={alert}
    />
  );
}

export function NotFoundPageView() {
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

/** The id an error page from the server shows, read before it is hydrated (then taken, so no later page shows it). */
let pageRequestId = typeof document === "undefined" ? null : (document.getElementById("request-id")?.textContent ?? null);

/**
 * The id of the request whose error page this is, for the hunter to quote: on
 * the server, the request's; in the browser, the one the server's page
 * showed (a page the browser rendered itself has none to show).
 */
function useRequestId(): string | null {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(() => fromServer ?? pageRequestId);
  // Taken once the page is shown, not while React renders it (a render it sets aside would take it too).
  useEffect(() => {
    pageRequestId = null;
  }, []);
  return id;
}

/** An error page's frame, alike on every page: a sign, a heading, the words, the way home. */
export function ErrorNotice({
  eyebrow,
  title,
  message,
  home,
  action,
  alert,
}: {
  eyebrow: React.ReactNode;
  title: string;
  message: string;
  home?: string;
  action?: ErrorAction | null;
  alert?: boolean;
}) {
  const t = useT();
  const requestId = useRequestId();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {eyebrow}
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p role={alert ? "alert" : undefined} className="mt-3 text-stone-700">
        {message}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        {action ? (
          <Link to={action.to} reloadDocument={action.reloadDocument} className={buttonClass("primary", "cta")}>
            {action.label}
          </Link>
        ) : null}
        <Link to="/" className={buttonClass(action ? "secondary" : "primary", "cta")}>
          {home ?? t("Back to the hunt")}
        </Link>
      </p>
      {requestId && <p className="mt-6 text-xs text-stone-600">{t("Reference {id}", { id: <code id="request-id">{requestId}</code> })}</p>}
    </section>
  );
}
