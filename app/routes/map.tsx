import { linkPreview, previewSite } from "~/lib/link-preview";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { MapFrame } from "~/components/MapFrame";
import { OfflineAreaMap } from "~/components/OfflineAreaMap";
import { IconHeading } from "~/components/ui/IconHeading";
import { LocateIcon, MapIcon } from "~/components/ui/icons";
import { offlineMap } from "~/lib/area-map";
import { mapSearch, MAX_MARKERS, parseMapState, ZOOM_LEVELS, type MapState } from "~/lib/clustering";
import { osmEmbedUrl, osmFullMapUrl } from "~/lib/map-embed";
import { metaT, usePageLanguage, useT, type T } from "~/components/i18n";
import type { ZoomLevel } from "~/lib/clustering";
import { positionText } from "~/lib/location-precision";
import { formatCount } from "~/lib/format";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { PAGE_CACHE_HANDLE } from "~/lib/page-cache";
import { AREAS_PER_PAGE, areasShownParam, MAX_AREAS_SHOWN, type MapArea, type MapJimmy } from "~/lib/hunt-map";
import { getHuntMap } from "~/services/hunt-map.server";
import { requestT } from "~/web/language.server";
import { placeDate, requestPreferences } from "~/web/reader-terms.server";

/** The same for every signed-out visitor: served from the anonymous page cache. */
export const handle = PAGE_CACHE_HANDLE;

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  const site = previewSite(matches);
  return linkPreview({
    site,
    path: "/map",
    title: t("The map of {hunt}", { hunt: site.name }),
    documentTitle: t("Jimmy Location Map"),
    description: t("Where the discovered Jimmys are now, grouped by area."),
    image: "/og/pages/map.jpg",
    imageAlt: t("The map of {hunt}", { hunt: site.name }),
  });
};

/** The clusters are made on the server: the page gets the areas it lists and the selected area's Jimmys, however many there are. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const state = parseMapState(params);
  const areasShown = areasShownParam(params.get("areas"));
  const { mapEmbedOrigin, mapTiles } = env();
  const map = await getHuntMap(getDb(), state, areasShown);
  const selected = map.selectedJimmy;
  return {
    // The day the selected Jimmy was last seen, in the time zone of where it was seen.
    selectedSeenOn: selected?.locatedAt ? placeDate(selected.locatedAt, selected, requestPreferences(request).timeZone) : null,
    state,
    areasShown,
    map,
    offlineMap: offlineMap(map.areas, map.selectedArea, state, map.view, mapTiles.urlTemplate, requestT(request)),
    embedOrigin: mapEmbedOrigin,
    tiles: { urlTemplate: mapTiles.urlTemplate, attribution: mapTiles.attribution, attributionUrl: mapTiles.attributionUrl },
  };
}

function statusLabel(status: MapJimmy["status"], t: T): string {
  switch (status) {
    case "hidden":
      return t("Hidden");
    case "discovered":
      return t("Discovered");
    case "missing":
      return t("Possibly missing");
    case "retired":
      return t("Retired");
  }
}

/** A zoom level's name (ZOOM's label), in the reader's language. */
function zoomLabel(zoom: ZoomLevel, t: T): string {
  switch (zoom) {
    case "city":
      return t("City");
    case "neighborhood":
      return t("Neighborhood");
    case "street":
      return t("Street");
  }
}

export default function MapPage() {
  const { state, areasShown, map, offlineMap, embedOrigin, tiles, selectedSeenOn } = useLoaderData<typeof loader>();
  const { totalJimmys, discoveredCount, unplaced, selectedArea: selectedCluster, selectedJimmy, view } = map;
  const focus = selectedJimmy ?? selectedCluster;
  const mapUrl = osmEmbedUrl(embedOrigin, view, focus);
  const largerMapUrl = osmFullMapUrl(embedOrigin, view, focus);
  const t = useT();

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 pb-28 md:pb-10">
      <IconHeading icon={<MapIcon className="h-6 w-6" />} tint="bg-orange-100 text-orange-700">
        {t("Jimmy Location Map")}
      </IconHeading>
      <p className="mt-2 text-stone-600" data-testid="map-summary">
        {t(
          "Track {discovered, plural, one {# discovered Jimmy} other {# discovered Jimmys}} across {total, plural, one {# total figurine} other {# total figurines}}",
          { discovered: discoveredCount, total: totalJimmys },
        )}
      </p>

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <ZoomButtons state={state} selectedCluster={selectedCluster} />
        <Link
          to="/near-me"
          className="inline-flex items-center gap-1.5 rounded-full border border-orange-200 bg-white px-4 py-2 text-sm font-semibold text-orange-800 shadow-sm hover:bg-orange-50"
        >
          <LocateIcon className="h-4 w-4" />
          {t("Hunt Near Me")}
        </Link>
      </div>

      {/* One column on phones that never grows past the window (minmax(0, 1fr)), whatever a place is called. */}
      <div className="mt-5 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          <MapFrame
            embedSrc={mapUrl}
            largerMapUrl={largerMapUrl}
            panZoom={{ tiles, areas: map.areas, selected: selectedCluster, state, view, addressOf: mapSearch }}
            offlineMap={(framed) => (
              <OfflineAreaMap
                caption={
                  selectedCluster
                    ? t("Jimmys in {area} and the largest areas nearby", { area: selectedCluster.areaName })
                    : t("Largest areas in this view")
                }
                map={offlineMap}
                tileCredit={tiles.attribution}
                framed={framed}
              />
            )}
          />
        </div>

        <div className="min-w-0 space-y-4 break-words">
          {selectedJimmy ? <JimmyCard jimmy={selectedJimmy} seenOn={selectedSeenOn} /> : null}
          {selectedCluster || selectedJimmy ? (
            <Link
              to={mapSearch({ zoom: state.zoom, cluster: null, jimmy: null })}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-full border border-orange-200 bg-white px-4 py-2 text-sm font-semibold text-orange-800 hover:bg-orange-50"
            >
              {t("Back to all areas")}
            </Link>
          ) : null}
          {selectedCluster ? (
            <ClusterDetail cluster={selectedCluster} state={state} />
          ) : (
            <ClusterList clusters={map.areas} areaCount={map.areaCount} areasShown={areasShown} state={state} />
          )}
          {unplaced > 0 ? (
            <p className="text-sm text-stone-600">
              {t(
                "{count, plural, one {# discovered Jimmy has no known position yet, so it is not on the map.} other {# discovered Jimmys have no known position yet, so they are not on the map.}}",
                { count: unplaced },
              )}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function ZoomButtons({ state, selectedCluster }: { state: MapState; selectedCluster: MapArea | null }) {
  const t = useT();
  return (
    <div role="group" aria-label={t("Zoom level")} className="inline-flex rounded-full border border-orange-200 bg-white p-1 shadow-sm">
      {ZOOM_LEVELS.map((zoom) => {
        // Choosing City clears the selected area; the finer levels keep the area (and Jimmy) in focus.
        const keep = zoom !== "city";
        return (
          <Form key={zoom} method="get" preventScrollReset>
            {keep && selectedCluster ? <input type="hidden" name="cluster" value={selectedCluster.key} /> : null}
            {state.jimmy !== null ? <input type="hidden" name="jimmy" value={state.jimmy} /> : null}
            <button
              type="submit"
              name="zoom"
              value={zoom}
              aria-pressed={state.zoom === zoom}
              className={`rounded-full px-4 py-1.5 text-sm font-semibold ${
                state.zoom === zoom ? "bg-orange-700 text-white" : "text-stone-700 hover:bg-orange-50"
              }`}
            >
              {zoomLabel(zoom, t)}
            </button>
          </Form>
        );
      })}
    </div>
  );
}

function ClusterList({
  clusters,
  areaCount,
  areasShown,
  state,
}: {
  clusters: MapArea[];
  areaCount: number;
  areasShown: number;
  state: MapState;
}) {
  const t = useT();
  if (clusters.length === 0) {
    return (
      <div className="rounded-2xl border border-orange-100 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold">{t("Areas")}</h2>
        <p className="mt-2 text-stone-600">{t("No Jimmys on the map yet. Found one? Report it and it will show up here.")}</p>
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-orange-100 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold">{t("Areas")}</h2>
      <p className="text-sm text-stone-600">
        {areaCount > clusters.length
          ? t("{count, plural, one {# area} other {# areas}} at {level} level, largest first (the {listed, number} largest listed)", {
              count: areaCount,
              level: zoomLabel(state.zoom, t),
              listed: clusters.length,
            })
          : t("{count, plural, one {# area} other {# areas}} at {level} level, largest first", {
              count: areaCount,
              level: zoomLabel(state.zoom, t),
            })}
      </p>
      <ol className="mt-3 max-h-[520px] space-y-1 overflow-y-auto pe-1" aria-label={t("Areas")}>
        {clusters.map((cluster, index) => (
          <li key={cluster.key}>
            <Link
              to={mapSearch({ zoom: state.zoom, cluster: cluster.key, jimmy: null })}
              preventScrollReset
              className="flex items-center justify-between gap-3 rounded-xl px-3 py-2 hover:bg-orange-50"
            >
              <span className="flex min-w-0 items-center gap-2">
                {index < MAX_MARKERS ? (
                  <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-orange-700 text-xs font-bold text-white">
                    {index + 1}
                  </span>
                ) : (
                  <span className="h-6 w-6 shrink-0" />
                )}
                <span className="truncate font-medium">{cluster.areaName}</span>
              </span>
              <span className="shrink-0 text-sm text-stone-600">
                {t("{count, plural, one {# Jimmy} other {# Jimmys}}", { count: cluster.size })}
              </span>
            </Link>
          </li>
        ))}
      </ol>
      {areaCount > clusters.length && areasShown < MAX_AREAS_SHOWN ? (
        <Link
          to={`${mapSearch({ zoom: state.zoom, cluster: null, jimmy: null })}&areas=${areasShown + AREAS_PER_PAGE}`}
          preventScrollReset
          className="mt-3 inline-flex rounded-full border border-orange-200 bg-white px-4 py-2 text-sm font-semibold text-orange-800 hover:bg-orange-50"
        >
          {t("Show {count, plural, one {# more area} other {# more areas}}", {
            count: Math.min(AREAS_PER_PAGE, areaCount - clusters.length),
          })}
        </Link>
      ) : null}
    </div>
  );
}

function ClusterDetail({ cluster, state }: { cluster: MapArea & { members: MapJimmy[] }; state: MapState }) {
  const t = useT();
  return (
    <div className="rounded-2xl border border-orange-100 bg-white p-5 shadow-sm" data-testid="selected-area">
      <h2 className="text-lg font-bold">{cluster.areaName}</h2>
      <p className="text-sm text-stone-600">{t("{count, plural, one {# Jimmy} other {# Jimmys}} in this area", { count: cluster.size })}</p>
      <ul className="mt-3 max-h-[420px] space-y-1 overflow-y-auto pe-1" aria-label={t("Jimmys in {area}", { area: cluster.areaName })}>
        {cluster.members.map((jimmy) => (
          <li key={jimmy.serialNumber}>
            <Link
              to={mapSearch({ zoom: state.zoom, cluster: cluster.key, jimmy: jimmy.serialNumber })}
              preventScrollReset
              aria-current={state.jimmy === jimmy.serialNumber ? "true" : undefined}
              className={`flex items-center justify-between gap-3 rounded-xl px-3 py-2 hover:bg-orange-50 ${
                state.jimmy === jimmy.serialNumber ? "bg-orange-50 ring-1 ring-orange-200" : ""
              }`}
            >
              <span className="font-medium">{t("Jimmy #{serial}", { serial: String(jimmy.serialNumber) })}</span>
              <span className="truncate text-sm text-stone-600">{jimmy.location ?? t("Location not specified")}</span>
            </Link>
          </li>
        ))}
      </ul>
      {cluster.size > cluster.members.length ? (
        <p className="mt-2 text-sm text-stone-600">
          {t("The first {count, number} by number are listed. A finer zoom level splits a crowded area.", {
            count: cluster.members.length,
          })}
        </p>
      ) : null}
    </div>
  );
}

function JimmyCard({ jimmy, seenOn }: { jimmy: MapJimmy; seenOn: string | null }) {
  const t = useT();
  const language = usePageLanguage();
  const serial = String(jimmy.serialNumber);
  const place = jimmy.location ?? t("Location not specified");
  return (
    <article className="rounded-2xl border border-orange-200 bg-white p-5 shadow-sm" aria-labelledby="selected-jimmy-title">
      <h2 id="selected-jimmy-title" className="text-xl font-extrabold tracking-tight">
        {t("Jimmy #{serial}", { serial })}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-semibold text-stone-700">{t("Status")}</dt>
          <dd data-testid="selected-jimmy-status">{statusLabel(jimmy.status, t)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-700">{t("Coordinates")}</dt>
          {jimmy.locationApproximate ? (
            <dd data-testid="selected-jimmy-coordinates">{t("Not measured: the centre of a typed place")}</dd>
          ) : (
            <dd className="font-mono" data-testid="selected-jimmy-coordinates">
              {positionText(jimmy.latitude, jimmy.longitude, jimmy.positionRadiusM, 6, t)}
            </dd>
          )}
        </div>
        <div>
          <dt className="font-semibold text-stone-700">{t("Last seen")}</dt>
          <dd data-testid="selected-jimmy-last-seen">{seenOn ? t("{place}, {date}", { place, date: seenOn }) : place}</dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-700">{t("Discoveries")}</dt>
          <dd>{formatCount(jimmy.discoveryCount, language)}</dd>
        </div>
      </dl>
      <Link
        to={`/jimmy/${jimmy.serialNumber}`}
        className="mt-4 inline-flex rounded-full bg-orange-700 px-5 py-2 text-sm font-semibold text-white hover:bg-orange-800"
      >
        {t("View Jimmy #{serial}", { serial })}
      </Link>
    </article>
  );
}
