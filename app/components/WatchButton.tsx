import { Form } from "@remix-run/react";
import { BellIcon } from "./ui/icons";
import { useT } from "./i18n";

/**
 * Watch or stop watching a Jimmy: a POST form naming the state it asks for,
 * so a repeat changes nothing. Without JavaScript the server goes back to
 * the page with a toast; with it, Remix posts it in place and the page's
 * data (this button's state) is loaded again, keeping the scroll position.
 * Signed out, the same post leads to sign-in and back.
 */
export function WatchButton({ serialNumber, watching, watchers }: { serialNumber: number; watching: boolean; watchers: number }) {
  const t = useT();
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
        {watching ? t("Watching") : t("Watch")}
      </button>
      <span className="text-sm text-stone-600" data-testid="watchers">
        {watching
          ? t(
              "{others, plural, =0 {You get its news} one {You and # other hunter get its news} other {You and # other hunters get its news}}",
              {
                others,
              },
            )
          : t("{watchers, plural, =0 {Get its news} one {# hunter watches it} other {# hunters watch it}}", { watchers })}
      </span>
    </Form>
  );
}
