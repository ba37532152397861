import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { TransportFailure } from "~/lib/transport";
import { useToast } from "./Toaster";
import { BellIcon } from "./ui/icons";
import { useHydrated } from "./useHydrated";

type WatchResult = { watching: boolean; watchers: number } | { error: string } | TransportFailure;

/**
 * Watch or stop watching a Jimmy: a POST form (the server goes back to the
 * page with a toast) without JavaScript, a fetcher that updates the button
 * in place with it. Signed out, the same post leads to sign-in and back.
 * The form names the state it asks for, so a repeat changes nothing.
 */
export function WatchButton({ serialNumber, watching, watchers }: { serialNumber: number; watching: boolean; watchers: number }) {
  const fetcher = useFetcher<WatchResult>();
  const hydrated = useHydrated();
  const toast = useToast();
  const [state, setState] = useState({ watching, watchers });
  const handled = useRef<WatchResult | undefined>(undefined);
  useEffect(() => setState({ watching, watchers }), [watching, watchers]);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if ("watching" in result) setState(result);
    else
      toast({
        title: "Error",
        description:
          "transportFailure" in result ? "The connection dropped before the answer came: nothing changed here. Try again." : result.error,
        variant: "destructive",
      });
  }, [fetcher.state, fetcher.data, toast]);
  const pending = fetcher.state !== "idle";
  const others = state.watchers - (state.watching ? 1 : 0);
  return (
    <fetcher.Form method="post" action={`/jimmy/${serialNumber}/watch`} preventScrollReset id="watch" className="flex items-center gap-2">
      <input type="hidden" name="intent" value={state.watching ? "unwatch" : "watch"} />
      <input type="hidden" name="enhanced" value={hydrated ? "1" : ""} />
      <button
        type="submit"
        disabled={pending}
        aria-pressed={state.watching}
        className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold disabled:cursor-wait disabled:opacity-60 ${
          state.watching
            ? "border-orange-300 bg-orange-50 text-orange-900 hover:bg-orange-100"
            : "border-stone-300 bg-white text-stone-800 hover:bg-orange-50"
        }`}
      >
        <BellIcon className="h-4 w-4" />
        {state.watching ? "Watching" : "Watch"}
      </button>
      <span className="text-sm text-stone-600" data-testid="watchers">
        {state.watching
          ? others > 0
            ? `You and ${others} other ${others === 1 ? "hunter" : "hunters"} get its news`
            : "You get its news"
          : state.watchers > 0
            ? `${state.watchers} ${state.watchers === 1 ? "hunter watches" : "hunters watch"} it`
            : "Get its news"}
      </span>
    </fetcher.Form>
  );
}
