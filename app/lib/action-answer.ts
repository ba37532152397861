import { useActionData } from "@remix-run/react";
import { isTransportFailure } from "./transport";

/**
 * The route action's answer for a page whose forms keep it on a lost request:
 * nothing when the request was lost, so the page shows no stale answer and the
 * fields keep what was typed (the toaster says what happened).
 */
export function useActionAnswer<Action>() {
  const data = useActionData<Action>();
  return isTransportFailure(data) ? undefined : data;
}
