import type { HuntStats } from "~/lib/stats";
import { msg } from "~/lib/language";
import { formatNumber } from "~/lib/messages";
import { PinIcon } from "./ui/icons";
import { usePageLanguage, useT } from "./i18n";

const FIGURES = [
  { key: "totalJimmys", label: msg("Jimmys Created") },
  { key: "totalDiscoveries", label: msg("Discoveries") },
  { key: "activeHunters", label: msg("Active Hunters") },
] as const;

/** The hunt's headline figures; a missing figure shows as 0 (SPEC.md §2). */
export function StatsBanner({ name, stats, loading }: { name: string; stats: Partial<HuntStats> | null; loading: boolean }) {
  const t = useT();
  const language = usePageLanguage();
  const value = (key: keyof HuntStats) => stats?.[key] ?? 0;
  return (
    <section
      aria-labelledby="stats-title"
      aria-busy={loading}
      className="overflow-hidden rounded-2xl bg-gradient-to-br from-orange-600 via-orange-700 to-amber-800 p-4 text-white shadow-lg sm:rounded-3xl sm:p-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="stats-title" className="text-xl font-extrabold tracking-tight sm:text-3xl">
          {name}
        </h1>
        {loading ? (
          <span className="skeleton h-7 w-32 rounded-full bg-white/30" data-testid="stats-skeleton" />
        ) : (
          <p className="flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold" data-testid="stats-locations">
            <PinIcon className="h-4 w-4" />
            {t("{count, plural, one {# location} other {# locations}}", { count: value("activeLocations") })}
          </p>
        )}
      </div>
      {/* Compact on a phone, so the feed starts on the first screen. */}
      <dl className="mt-3 grid grid-cols-3 gap-2 sm:mt-6 sm:gap-6">
        {FIGURES.map(({ key, label }) => (
          <div key={key} className="rounded-xl bg-white/10 px-3 py-2 sm:rounded-2xl sm:p-4">
            <dt className="text-xs font-medium text-orange-50 sm:text-sm">{t(label)}</dt>
            <dd className="mt-0.5 text-xl font-extrabold tabular-nums sm:mt-1 sm:text-4xl" data-testid={`stat-${key}`}>
              {loading ? <span className="skeleton block h-7 w-16 bg-white/30 sm:h-10" /> : formatNumber(value(key), language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
