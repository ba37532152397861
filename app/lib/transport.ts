import type { ClientActionFunctionArgs, ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * What a form's action answers in the browser when its request never got a
 * definite answer from the app: the connection dropped, timed out, or
 * something in between (a proxy's 502/503/504, a captive portal's HTML page)
 * answered instead. The server may or may not have acted on it.
 */
export type TransportFailure = { transportFailure: true; offline: boolean };

/**
 * Announced on window when a form's request is lost: the toaster says so, and
 * a form with words of its own for it (a like, a comment, a report) says them
 * after, in its place.
 */
export const TRANSPORT_FAILURE_EVENT = "jimmy-hunt:request-lost";

export function isTransportFailure(value: unknown): value is TransportFailure {
  return typeof value === "object" && value !== null && (value as { transportFailure?: unknown }).transportFailure === true;
}

/**
 * A page's data that never came back from the app: the browser's fetch itself
 * failed (offline, a dropped connection), a TypeError in every browser.
 */
export function isLostConnection(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * The app's own definite answers keep their usual way to the page: a
 * redirect, and a thrown 4xx (403, 404, 429...). Anything else thrown by
 * the server call (a network error, an undecodable proxy page, a 5xx) is
 * the connection's fault as far as the page is concerned.
 */
function isDefiniteAnswer(error: unknown): boolean {
  // A thrown Response (a redirect) or Remix's error response for one (isRouteErrorResponse's test,
  // without pulling the router into every page's first chunk).
  const answer = error as { status?: unknown; internal?: unknown } | null;
  const isAnswer = error instanceof Response || (typeof answer === "object" && answer !== null && typeof answer.internal === "boolean");
  return isAnswer && typeof answer?.status === "number" && answer.status < 500;
}

/**
 * Every route with an action exports this as its `clientAction`: Remix would
 * otherwise throw a failed request to the route's error boundary, replacing
 * the page and everything typed into it.
 */
export async function keepPageOnTransportFailure(
  { serverAction }: ClientActionFunctionArgs,
  onRedirect?: (to: string) => Promise<void>,
): Promise<unknown> {
  try {
    return await serverAction();
  } catch (error) {
    if (isDefiniteAnswer(error)) {
      // A form answered by a redirect (a report recorded from its page) was received.
      const to = error instanceof Response ? error.headers.get("Location") : null;
      if (onRedirect && to) await onRedirect(to);
      throw error;
    }
    const failure: TransportFailure = { transportFailure: true, offline: !navigator.onLine };
    window.dispatchEvent(new CustomEvent(TRANSPORT_FAILURE_EVENT, { detail: failure }));
    return failure;
  }
}

/** A report's draft goes once the report is recorded: its page answers with a redirect to the Jimmy's page, not to sign-in. */
export function forgetDraftOnRedirect(draftKey: string) {
  return async (to: string) => {
    if (!to.startsWith("/login")) await (await import("./drafts")).discardDraft(draftKey);
  };
}

/**
 * After a failed request there is nothing new to load, and trying would only
 * fail the same way and replace the page with an error: keep what is shown.
 */
export function keepDataAfterTransportFailure({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isTransportFailure(actionResult) ? false : defaultShouldRevalidate;
}
