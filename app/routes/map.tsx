import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { MapIcon, PinIcon } from "~/components/ui/icons";
import { mapSearch, MAX_MARKERS, parseMapState, ZOOM, ZOOM_LEVELS, type BBox, type MapState } from "~/lib/clustering";
import { osmEmbedUrl, osmFullMapUrl } from "~/lib/map-embed";
import { formatCoordinates, formatCount, formatDate, plural } from "~/lib/format";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { PAGE_CACHE_HANDLE } from "~/lib/page-cache";
import { AREAS_PER_PAGE, areasShownParam, MAX_AREAS_SHOWN, type MapArea, type MapJimmy } from "~/lib/hunt-map";
import { getHuntMap } from "~/services/hunt-map.server";

/** The same for every signed-out visitor: served from the anonymous page cache. */
export const handle = PAGE_CACHE_HANDLE;

export const meta: MetaFunction = () => [
  { title: "Jimmy Location Map" },
  { name: "description", content: "Where the discovered Jimmys are now, grouped by area." },
];

/** The clusters are made on the server: the page gets the areas it lists and the selected area's Jimmys, however many there are. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const state = parseMapState(params);
  const areasShown = areasShownParam(params.get("areas"));
  return { state, areasShown, map: await getHuntMap(getDb(), state, areasShown), embedOrigin: env().mapEmbedOrigin };
}

const STATUS_LABEL: Record<MapJimmy["status"], string> = {
  hidden: "Hidden",
  discovered: "Discovered",
  missing: "Missing",
  retired: "Retired",
};

export default function MapPage() {
  const { state, areasShown, map, embedOrigin } = useLoaderData<typeof loader>();
  const { totalJimmys, discoveredCount, unplaced, selectedArea: selectedCluster, selectedJimmy, view } = map;
  const focus = selectedJimmy ?? selectedCluster;
  const mapUrl = osmEmbedUrl(embedOrigin, view, focus);
  const largerMapUrl = osmFullMapUrl(embedOrigin, view, focus);

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 pb-28 md:pb-10">
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 items-center justify-center rounded-full bg-orange-100 text-orange-700">
          <MapIcon className="h-6 w-6" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight">Jimmy Location Map</h1>
      </div>
      <p className="mt-2 text-stone-600" data-testid="map-summary">
        Track {formatCount(discoveredCount)} discovered Jimmys across {formatCount(totalJimmys)} total figurines
      </p>

      <ZoomButtons state={state} selectedCluster={selectedCluster} />

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-4">
          <div className="overflow-hidden rounded-2xl border border-orange-100 bg-orange-50 shadow-sm">
            <iframe
              title="Map of discovered Jimmys"
              src={mapUrl}
              className="block h-[360px] w-full sm:h-[440px]"
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-popups"
            />
            <p className="flex justify-end border-t border-orange-100 bg-white px-3 py-1.5 text-xs">
              <a href={largerMapUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-orange-800 underline">
                View larger map
              </a>
            </p>
          </div>
          <AreaMarkers clusters={map.areas} view={view} state={state} selected={selectedCluster} />
        </div>

        <div className="space-y-4">
          {selectedJimmy ? <JimmyCard jimmy={selectedJimmy} /> : null}
          {selectedCluster || selectedJimmy ? (
            <Link
              to={mapSearch({ zoom: state.zoom, cluster: null, jimmy: null })}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-full border border-orange-200 bg-white px-4 py-2 text-sm font-semibold text-orange-800 hover:bg-orange-50"
            >
              Back to all areas
            </Link>
          ) : null}
          {selectedCluster ? (
            <ClusterDetail cluster={selectedCluster} state={state} />
          ) : (
            <ClusterList clusters={map.areas} areaCount={map.areaCount} areasShown={areasShown} state={state} />
          )}
          {unplaced > 0 ? (
            <p className="text-sm text-stone-600">
              {plural(unplaced, "discovered Jimmy has", "discovered Jimmys have")} no known position yet, so{" "}
              {unplaced === 1 ? "it is" : "they are"} not on the map.
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function ZoomButtons({ state, selectedCluster }: { state: MapState; selectedCluster: MapArea | null }) {
  return (
    <div role="group" aria-label="Zoom level" className="mt-5 inline-flex rounded-full border border-orange-200 bg-white p-1 shadow-sm">
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
              {ZOOM[zoom].label}
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
  if (clusters.length === 0) {
    return (
      <div className="rounded-2xl border border-orange-100 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-bold">Areas</h2>
        <p className="mt-2 text-stone-600">No Jimmys on the map yet. Found one? Report it and it will show up here.</p>
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-orange-100 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold">Areas</h2>
      <p className="text-sm text-stone-600">
        {plural(areaCount, "area", "areas")} at {ZOOM[state.zoom].label} level, largest first
        {areaCount > clusters.length ? ` (the ${formatCount(clusters.length)} largest listed)` : ""}
      </p>
      <ol className="mt-3 max-h-[520px] space-y-1 overflow-y-auto pr-1" aria-label="Areas">
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
              <span className="shrink-0 text-sm text-stone-600">{plural(cluster.size, "Jimmy", "Jimmys")}</span>
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
          Show {formatCount(Math.min(AREAS_PER_PAGE, areaCount - clusters.length))} more areas
        </Link>
      ) : null}
    </div>
  );
}

function ClusterDetail({ cluster, state }: { cluster: MapArea & { members: MapJimmy[] }; state: MapState }) {
  return (
    <div className="rounded-2xl border border-orange-100 bg-white p-5 shadow-sm" data-testid="selected-area">
      <h2 className="text-lg font-bold">{cluster.areaName}</h2>
      <p className="text-sm text-stone-600">{plural(cluster.size, "Jimmy", "Jimmys")} in this area</p>
      <ul className="mt-3 max-h-[420px] space-y-1 overflow-y-auto pr-1" aria-label={`Jimmys in ${cluster.areaName}`}>
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
              <span className="font-medium">Jimmy #{jimmy.serialNumber}</span>
              <span className="truncate text-sm text-stone-600">{jimmy.location ?? "Location not specified"}</span>
            </Link>
          </li>
        ))}
      </ul>
      {cluster.size > cluster.members.length ? (
        <p className="mt-2 text-sm text-stone-600">
          The first {formatCount(cluster.members.length)} by number are listed. A finer zoom level splits a crowded area.
        </p>
      ) : null}
    </div>
  );
}

function JimmyCard({ jimmy }: { jimmy: MapJimmy }) {
  return (
    <article className="rounded-2xl border border-orange-200 bg-white p-5 shadow-sm" aria-labelledby="selected-jimmy-title">
      <h2 id="selected-jimmy-title" className="text-xl font-extrabold tracking-tight">
        Jimmy #{jimmy.serialNumber}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-semibold text-stone-700">Status</dt>
          <dd data-testid="selected-jimmy-status">{STATUS_LABEL[jimmy.status]}</dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-700">Coordinates</dt>
          {jimmy.locationApproximate ? (
            <dd data-testid="selected-jimmy-coordinates">Not measured: the centre of a typed place</dd>
          ) : (
            <dd className="font-mono" data-testid="selected-jimmy-coordinates">
              {formatCoordinates(jimmy.latitude, jimmy.longitude, 6)}
            </dd>
          )}
        </div>
        <div>
          <dt className="font-semibold text-stone-700">Last seen</dt>
          <dd data-testid="selected-jimmy-last-seen">
            {jimmy.location ?? "Location not specified"}
            {jimmy.locatedAt ? `, ${formatDate(jimmy.locatedAt)}` : ""}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-stone-700">Discoveries</dt>
          <dd>{formatCount(jimmy.discoveryCount)}</dd>
        </div>
      </dl>
      <Link
        to={`/jimmy/${jimmy.serialNumber}`}
        className="mt-4 inline-flex rounded-full bg-orange-700 px-5 py-2 text-sm font-semibold text-white hover:bg-orange-800"
      >
        View Jimmy #{jimmy.serialNumber}
      </Link>
    </article>
  );
}

/** Pushes overlapping circles apart (a few relaxation rounds) so every marker stays visible and clickable. */
function spreadOut(circles: { x: number; y: number; r: number }[], width: number, height: number) {
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < circles.length; i++) {
      for (let j = i + 1; j < circles.length; j++) {
        const a = circles[i]!;
        const b = circles[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let distance = Math.hypot(dx, dy);
        const overlap = a.r + b.r + 2 - distance;
        if (overlap <= 0) continue;
        if (distance < 0.01) {
          // Same spot: part them in a direction that depends only on their order.
          dx = Math.cos(j * 2.4);
          dy = Math.sin(j * 2.4);
          distance = 1;
        }
        const push = overlap / 2 / distance;
        a.x -= dx * push;
        a.y -= dy * push;
        b.x += dx * push;
        b.y += dy * push;
        moved = true;
      }
    }
    for (const c of circles) {
      c.x = Math.max(c.r, Math.min(width - c.r, c.x));
      c.y = Math.max(c.r, Math.min(height - c.r, c.y));
    }
    if (!moved) break;
  }
}

/**
 * Markers for the largest areas (and the Jimmys of the selected one), drawn
 * over the same box as the embedded map. They are links, and need neither
 * JavaScript nor the map service.
 */
function AreaMarkers({
  clusters,
  view,
  state,
  selected,
}: {
  clusters: MapArea[];
  view: BBox;
  state: MapState;
  selected: (MapArea & { members: MapJimmy[] }) | null;
}) {
  const contains = (p: { latitude: number; longitude: number }) =>
    p.longitude >= view.west && p.longitude <= view.east && p.latitude >= view.south && p.latitude <= view.north;
  // Equirectangular, with longitude shrunk by the cosine of the middle latitude so shapes look right.
  const middle = ((view.north + view.south) / 2) * (Math.PI / 180);
  const spanX = Math.max(1e-9, view.east - view.west);
  const spanY = Math.max(1e-9, view.north - view.south);
  const W = 600;
  const H = Math.round(Math.min(260, Math.max(160, (W * spanY) / (spanX * Math.cos(middle)))));
  const x = (lng: number) => 20 + ((lng - view.west) / spanX) * (W - 40);
  const y = (lat: number) => 20 + ((view.north - lat) / spanY) * (H - 40);
  const largest = clusters[0]?.size ?? 1;

  const areas = clusters
    .slice(0, MAX_MARKERS)
    .map((cluster, rank) => ({ cluster, rank }))
    .filter(({ cluster }) => contains(cluster) && cluster.key !== selected?.key)
    .map(({ cluster, rank }) => ({
      key: `area-${cluster.key}`,
      href: mapSearch({ zoom: state.zoom, cluster: cluster.key, jimmy: null }),
      label: `${rank + 1}. ${cluster.areaName}: ${plural(cluster.size, "Jimmy", "Jimmys")}`,
      text: String(rank + 1),
      x: x(cluster.longitude),
      y: y(cluster.latitude),
      r: 11 + 9 * Math.sqrt(cluster.size / largest),
      current: false,
    }));
  const jimmys = (selected?.members ?? []).filter(contains).map((jimmy) => ({
    key: `jimmy-${jimmy.serialNumber}`,
    href: mapSearch({ zoom: state.zoom, cluster: selected?.key ?? null, jimmy: jimmy.serialNumber }),
    label: `Jimmy #${jimmy.serialNumber}`,
    text: String(jimmy.serialNumber),
    x: x(jimmy.longitude),
    y: y(jimmy.latitude),
    r: 13,
    current: state.jimmy === jimmy.serialNumber,
  }));
  const markers = [...areas, ...jimmys];
  spreadOut(markers, W, H);

  return (
    <figure className="rounded-2xl border border-orange-100 bg-white p-4 shadow-sm">
      <figcaption className="flex items-center gap-2 text-sm font-semibold text-stone-700">
        <PinIcon className="h-4 w-4 text-orange-700" />
        {selected ? `Jimmys in ${selected.areaName} and the largest areas nearby` : "Largest areas in this view"}
      </figcaption>
      {markers.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No markers in this view.</p>
      ) : (
        <svg viewBox={`0 0 ${W} ${H}`} className="mt-2 w-full" role="group" aria-label="Map markers">
          <rect x="0" y="0" width={W} height={H} rx="12" className="fill-orange-50" />
          {markers.map((marker) => (
            <a key={marker.key} href={marker.href} aria-label={marker.label} aria-current={marker.current ? "true" : undefined}>
              <circle
                cx={marker.x}
                cy={marker.y}
                r={marker.r}
                className={
                  marker.key.startsWith("jimmy")
                    ? marker.current
                      ? "fill-orange-950 stroke-white"
                      : "fill-amber-700 stroke-white"
                    : "fill-orange-700 stroke-white"
                }
                strokeWidth="2"
              />
              <text
                x={marker.x}
                y={marker.y}
                textAnchor="middle"
                dominantBaseline="central"
                className="pointer-events-none fill-white text-[12px] font-bold"
              >
                {marker.text}
              </text>
            </a>
          ))}
        </svg>
      )}
    </figure>
  );
}
