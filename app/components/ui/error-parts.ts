import { createContext } from "react";

/* What the error page (./ErrorPage, ./ErrorPageView) and the pages that word it share. */

/**
 * A page's words for one answer: `message` is always shown; `fallback` only
 * when the server gave no words of its own (a thrown Response's text, or the
 * JSON API's { message }).
 */
export type ErrorText = { title: string; message?: string; fallback?: string };

/** Some statuses a page words its own way (in the page's language); `other` covers every status it does not name. */
export type ErrorTexts = { [status: number]: ErrorText; other?: ErrorText };

/**
 * The way on a page offers before the way home: a fresh load of a feed, the
 * Jimmy a removed discovery belonged to. `reloadDocument` asks the server
 * anew rather than the router's copy.
 */
export type ErrorAction = { to: string; label: string; reloadDocument?: boolean };

/** The id of the request being rendered (server/request-log.ts), given by the server's entry; null in the browser. */
export const RequestIdContext = createContext<string | null>(null);
