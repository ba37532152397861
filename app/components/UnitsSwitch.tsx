import type { DistanceUnit } from "~/lib/reader-preferences";
import { useT } from "./i18n";

/**
 * "Distances in: miles · km": a plain HTML form (app/routes/preferences.units.tsx)
 * that remembers the reader's choice in a cookie and comes back to `back`,
 * the page it is on. A full page load either way, so it needs no code in
 * the browser and can be drawn into server-made markup (the journey map).
 */
export function UnitsSwitch({ unit, back, className = "" }: { unit: DistanceUnit; back: string; className?: string }) {
  const t = useT();
  return (
    <form
      method="post"
      action="/preferences/units"
      className={`flex items-center gap-2 text-sm text-stone-700 ${className}`}
      data-testid="units-switch"
    >
      <input type="hidden" name="redirectTo" value={back} />
      <span id="units-label">{t("Distances in")}</span>
      <span role="group" aria-labelledby="units-label" className="inline-flex rounded-full border border-stone-300 bg-white p-0.5">
        {(["mi", "km"] as const).map((choice) => (
          <button
            key={choice}
            type="submit"
            name="units"
            value={choice}
            aria-pressed={unit === choice}
            className={`min-h-11 rounded-full px-4 font-semibold sm:min-h-9 ${
              unit === choice ? "bg-orange-700 text-white" : "text-stone-700 hover:bg-orange-50"
            }`}
          >
            {choice === "mi" ? t("miles") : t("km")}
          </button>
        ))}
      </span>
    </form>
  );
}
