import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "./forms";
import { AlertIcon } from "./ui/icons";

/**
 * A page's words for one answer: `message` is always shown; `fallback` only
 * when the server gave no words of its own (a thrown Response's text, or the
 * JSON API's { message }).
 */
export type ErrorText = { title: string; message?: string; fallback?: string };

/** The words for each status, unless a page says it its own way. */
const STATUS_TEXTS: Record<number, ErrorText> = {
  400: { title: "We couldn't do that" },
  401: { title: "Sign in first", fallback: "This page is for signed-in hunters. Sign in and try again." },
  403: { title: "Not allowed", fallback: "You can't do that here." },
  404: { title: "Not found", fallback: "There is nothing here any more." },
  429: { title: "Slow down", fallback: "That was a lot at once. Wait a minute, then try again." },
  503: { title: "Busy right now", fallback: "The hunt is very busy right now. Please try again in a moment." },
  500: { title: "Something went wrong" },
};
const GENERIC_MESSAGE = "Something went wrong on our side. Please try again in a moment.";

/** Some statuses a page words its own way; `other` covers every status it does not name. */
export type ErrorTexts = { [status: number]: ErrorText; other?: ErrorText };

/**
 * The one error page every route's ErrorBoundary renders: the status, what
 * went wrong in the page's words (or the server's), and the way back to the hunt.
 */
export function ErrorPage({ texts = {}, eyebrow = "icon", home = "Back to the hunt" }: { texts?: ErrorTexts; eyebrow?: "icon" | "status"; home?: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text = texts[status] ?? texts.other ?? STATUS_TEXTS[status] ?? STATUS_TEXTS[status >= 500 ? 500 : 400]!;
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const given = typeof data === "string" ? data : typeof data === "object" && data !== null && "message" in data ? data.message : null;
  const message = text.message ?? (typeof given === "string" && given ? given : (text.fallback ?? GENERIC_MESSAGE));
  return (
    <ErrorNotice
      eyebrow={
        eyebrow === "status" ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">Error {status}</p>
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

/** An error page's frame, alike on every page: a sign, a heading, the words, the way home. */
export function ErrorNotice({ eyebrow, title, message, home = "Back to the hunt" }: { eyebrow: ReactNode; title: string; message: string; home?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {eyebrow}
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      <Link to="/" className={buttonClass("primary", "cta", "mt-8")}>
        {home}
      </Link>
    </section>
  );
}
