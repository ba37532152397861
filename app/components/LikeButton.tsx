import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { TransportFailure } from "~/lib/transport";
import { useT } from "./i18n";
import { useToast } from "./Toaster";
import { HeartIcon } from "./ui/icons";
import { useHydrated } from "./useHydrated";

/** A fresh idempotency key (docs/api.md); none on an insecure origin (no randomUUID), and the server takes the request as it comes. Written out here rather than shared: a shared module becomes one more first-load chunk. */
const freshKey = () => crypto.randomUUID?.() ?? "";

// A definite refusal ({ error }) and a request lost on the way (TransportFailure) both leave the card as it was;
// after a lost one the key stays, so trying again cannot count twice.
type LikeResult = { isLiked: boolean; likeCount: number } | { error: string; retryAfter?: number } | TransportFailure;

/**
 * A like is a POST form: a plain post (the server redirects back to the card)
 * without JavaScript, a fetcher with it. While the request is pending the
 * button is disabled; the server's answer sets the state and the count moves
 * by one; a failure leaves both as they were and says so (SPEC.md §4, §8).
 */
export function LikeButton({ discoveryId, liked, count }: { discoveryId: number; liked: boolean; count: number }) {
  const t = useT();
  const fetcher = useFetcher<LikeResult>();
  const location = useLocation();
  const hydrated = useHydrated();
  const toast = useToast();
  const [state, setState] = useState({ liked, count });
  // Made in the browser: a key drawn into a page would be shared by every copy of a cached page. A
  // post without JavaScript names the state it wants (intent), so repeating it changes nothing anyway.
  const [requestKey, setRequestKey] = useState("");
  useEffect(() => setRequestKey(freshKey()), []);
  const handled = useRef<LikeResult | undefined>(undefined);

  useEffect(() => {
    setState({ liked, count });
  }, [liked, count]);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if ("isLiked" in result) {
      setRequestKey(freshKey());
      setState((previous) =>
        previous.liked === result.isLiked
          ? previous
          : { liked: result.isLiked, count: Math.max(0, previous.count + (result.isLiked ? 1 : -1)) },
      );
    } else if ("transportFailure" in result) {
      // The server may have counted it before the answer was lost; the kept key makes trying again safe.
      toast({
        title: t("Error"),
        description: t("Failed to update like: the connection dropped, so it may have counted. Trying again is safe."),
        variant: "destructive",
      });
    } else {
      // Going too fast is worth saying as it is: the answer says when to try again.
      toast({
        title: t("Error"),
        // The server words its answer in the reader's language.
        description: "retryAfter" in result && result.retryAfter ? result.error : t("Failed to update like"),
        variant: "destructive",
      });
    }
  }, [fetcher.state, fetcher.data, toast, t]);

  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={`/discoveries/${discoveryId}/like`} preventScrollReset data-discover="true">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#discovery-${discoveryId}`} />
      <input type="hidden" name="intent" value={state.liked ? "unlike" : "like"} />
      {requestKey ? <input type="hidden" name="idempotencyKey" value={requestKey} /> : null}
      {/* Tells the server to answer with data for this button instead of redirecting the page. */}
      <input type="hidden" name="enhanced" value={hydrated ? "1" : ""} />
      <button
        type="submit"
        disabled={pending}
        aria-pressed={state.liked}
        aria-label={
          state.liked
            ? t("Unlike ({count, plural, one {# like} other {# likes}})", { count: state.count })
            : t("Like ({count, plural, one {# like} other {# likes}})", { count: state.count })
        }
        className={`inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold transition-colors disabled:cursor-wait disabled:opacity-60 ${
          state.liked ? "text-rose-700 hover:bg-rose-50" : "text-stone-600 hover:bg-orange-50 hover:text-orange-800"
        }`}
      >
        <HeartIcon filled={state.liked} className="h-5 w-5" />
        <span data-testid="like-count">{state.count}</span>
      </button>
    </fetcher.Form>
  );
}
