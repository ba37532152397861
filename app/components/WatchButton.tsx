import { Form } from "@remix-run/react";
import { BellIcon } from "./ui/icons";

/**
 * Watch or stop watching a Jimmy: a POST form naming the state it asks for,
 * so a repeat changes nothing. Without JavaScript the server goes back to
 * the page with a toast; with it, Remix posts it in place and the page's
 * data (this button's state) is loaded again, keeping the scroll position.
 * Signed out, the same post leads to sign-in and back.
 */
export function WatchButton({ serialNumber, watching, watchers }: { serialNumber: number; watching: boolean; watchers: number }) {
  const others = watchers - (watching ? 1 : 0);
  return (
    <Form method="post" action={`/jimmy/${serialNumber}/watch`} preventScrollReset id="watch" className="flex items-center gap-2">
      <input type="hidden" name="intent" value={watching ? "unwatch" : "watch"} />
      <button
        type="submit"
        aria-pressed={watching}
        className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold ${
          watching
            ? "border-orange-300 bg-orange-50 text-orange-900 hover:bg-orange-100"
            : "border-stone-300 bg-white text-stone-800 hover:bg-orange-50"
        }`}
      >
        <BellIcon className="h-4 w-4" />
        {watching ? "Watching" : "Watch"}
      </button>
      <span className="text-sm text-stone-600" data-testid="watchers">
        {watching
          ? others > 0
            ? `You and ${others} other ${others === 1 ? "hunter" : "hunters"} get its news`
            : "You get its news"
          : watchers > 0
            ? `${watchers} ${watchers === 1 ? "hunter watches" : "hunters watch"} it`
            : "Get its news"}
      </span>
    </Form>
  );
}
