import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

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
 * After a failed request there is nothing new to load, and trying would only
 * fail the same way and replace the page with an error: keep what is shown.
 */
export function keepDataAfterTransportFailure({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isTransportFailure(actionResult) ? false : defaultShouldRevalidate;
}
