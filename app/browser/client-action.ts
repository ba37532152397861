import type { ClientActionFunctionArgs } from "@remix-run/react";
import { TRANSPORT_FAILURE_EVENT, type TransportFailure } from "~/lib/transport";

/**
 * The routes' `clientAction`: runs in the browser only, around the request
 * Remix makes for a form's action (app/lib/transport.ts says what a lost
 * request is and how a page keeps its data after one).
 */

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
