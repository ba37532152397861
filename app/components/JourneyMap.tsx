import type { JourneyDrawing } from "~/lib/journey-map";
import type { PlacedTile } from "~/lib/map-tiles";
import { MapTiles, TileCredit, type TileCreditData } from "./MapTiles";
import { useT } from "./i18n";

export type JourneyMapData = {
  drawing: JourneyDrawing;
  /** "3 stops and 2 legs, 412 miles in all.": its length as the Hall of Fame measures it, in the reader's unit (journeySummary). */
  summary: string;
  /** Each drawn stop's date, in the time zone of its place, by discovery id. */
  dates: Record<number, string>;
  /** The offline basemap drawn for the same view (app/routes/basemap[.]svg.ts). */
  basemap: string;
  /** Where each drawn stop's discovery is in the timeline, by discovery id. */
  hrefs: Record<number, string>;
  /** Tiles from the tile server over the basemap, at city scale (app/lib/map-tiles.ts); none for larger views. */
  tiles: PlacedTile[];
  tileCredit: TileCreditData;
};

const MARKER = {
  first: { r: 6, fill: "#15803d" },
  latest: { r: 7, fill: "#c2410c" },
  stop: { r: 4, fill: "#292524" },
} as const;

/**
 * A Jimmy's journey drawn on the server: every located stop in time order,
 * the legs between them, the first (green) and latest (orange) stops marked.
 * Each stop is a link to its discovery in the timeline, so it works with
 * JavaScript off, and can be reached with the keyboard.
 */
export function JourneyMap({ serialNumber, map }: { serialNumber: number; map: JourneyMapData }) {
  const t = useT();
  const { drawing, basemap, hrefs, summary, dates, tiles, tileCredit } = map;
  return (
    <section aria-labelledby="journey-heading" className="mt-8" data-testid="journey-map">
      <h2 id="journey-heading" className="text-xl font-bold tracking-tight">
        {t("Journey")}
      </h2>
      <p className="mt-1 text-sm text-stone-600" data-testid="journey-summary">
        {summary}
        {drawing.stops.length < drawing.stopCount ? ` ${t("Stops close together share a marker.")}` : null}
      </p>
      <figure className="mt-3 overflow-hidden rounded-2xl border border-stone-200 bg-sky-100 shadow-sm">
        <svg
          viewBox={`0 0 ${drawing.width} ${drawing.height}`}
          className="block h-auto w-full"
          role="group"
          aria-label={t("Map of Jimmy #{serial}'s journey: {summary}", { serial: String(serialNumber), summary })}
        >
          <image href={basemap} width={drawing.width} height={drawing.height} preserveAspectRatio="none" />
          <MapTiles tiles={tiles} />
          {drawing.legs ? (
            <path
              d={drawing.legs}
              fill="none"
              stroke="#ea580c"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              data-testid="journey-legs"
            />
          ) : null}
          {drawing.stops.map((stop) => {
            const marker = MARKER[stop.role];
            const label = t(
              "Stop {number}{role, select, first { (first discovery)} latest { (latest)} other {}}, {date}{approximate, select, yes {, pinned at its town's centre} other {}}{more, plural, =0 {} other {, and # more nearby}}",
              {
                number: String(stop.number),
                role: stop.role,
                date: dates[stop.id],
                approximate: stop.approximate ? "yes" : "no",
                more: stop.count - 1,
              },
            );
            return (
              <a
                key={stop.id}
                href={hrefs[stop.id]}
                aria-label={label}
                data-testid="journey-stop"
                data-role={stop.role}
                className="focus:outline-none [&:focus-visible>circle]:stroke-sky-500 [&:focus-visible>circle]:stroke-[3.5]"
              >
                <title>{label}</title>
                <circle
                  cx={stop.x}
                  cy={stop.y}
                  r={marker.r}
                  fill={stop.approximate ? "#ffffff" : marker.fill}
                  stroke={stop.approximate ? marker.fill : "#ffffff"}
                  strokeWidth={stop.approximate ? 2.5 : 1.5}
                />
              </a>
            );
          })}
        </svg>
        <figcaption className="flex flex-wrap gap-x-4 gap-y-1 bg-white px-3 py-2 text-xs text-stone-700">
          <span>
            <span aria-hidden="true" className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-green-700" />
            {t("First discovery")}
          </span>
          <span>
            <span aria-hidden="true" className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-orange-700" />
            {t("Latest")}
          </span>
          <span>
            <span aria-hidden="true" className="mr-1 inline-block h-2.5 w-2.5 rounded-full border-2 border-stone-800 bg-white" />
            {t("Place guessed from the name typed")}
          </span>
          <span className="ml-auto text-stone-500">
            {tiles.length > 0 ? <>{t("Map tiles: {credit}.", { credit: <TileCredit credit={tileCredit} /> })} </> : null}
            {t("Map data: {sources}", { sources: "Natural Earth, US Census" })}
          </span>
        </figcaption>
      </figure>
    </section>
  );
}
