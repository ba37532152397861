/**
 * The map page's view of the hunt (SPEC.md §4, §9), bounded at any size: the
 * clusters are made here from every discovered Jimmy, and the page is sent
 * only the areas it lists (a page of them at a time), the members of the
 * selected area (up to AREA_MEMBERS_SHOWN) and the selected Jimmy. Making
 * the clusters reads every discovered Jimmy, so it is done once for as long
 * as the anonymous page cache keeps a page (PAGE_CACHE_TTL_MS, a second by
 * default), not for each request; with that setting at 0, every request makes
 * them afresh.
 */
import { clusterPoints, focusBox, overviewBox, type BBox, type Cluster, type MapState, type ZoomLevel } from "~/lib/clustering";
import { AREA_MEMBERS_SHOWN, MAX_AREAS_SHOWN, type HuntMap, type MapArea, type MapJimmy } from "~/lib/hunt-map";
import type { Executor } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { listJimmyLocations } from "~/models/jimmys.server";

type Snapshot = {
  madeAt: number;
  totalJimmys: number;
  discoveredCount: number;
  located: MapJimmy[];
  bySerial: Map<number, MapJimmy>;
  zooms: Map<ZoomLevel, { clusters: Cluster<MapJimmy>[]; clusterOf: Map<number, Cluster<MapJimmy>>; overview: BBox }>;
};

const snapshots = new WeakMap<Executor, Promise<Snapshot>>();

async function makeSnapshot(db: Executor): Promise<Snapshot> {
  const { discovered, totalJimmys, discoveredCount } = await listJimmyLocations(db);
  const located: MapJimmy[] = [];
  for (const { id: _id, latitude, longitude, ...jimmy } of discovered) {
    if (latitude !== null && longitude !== null) located.push({ ...jimmy, latitude: Number(latitude), longitude: Number(longitude) });
  }
  return {
    madeAt: Date.now(),
    totalJimmys,
    discoveredCount,
    located,
    bySerial: new Map(located.map((jimmy) => [jimmy.serialNumber, jimmy])),
    zooms: new Map(),
  };
}

async function snapshotOf(db: Executor): Promise<Snapshot> {
  const ttlMs = env().pageCacheTtlMs;
  const held = snapshots.get(db);
  if (held && ttlMs > 0) {
    const snapshot = await held;
    if (Date.now() - snapshot.madeAt < ttlMs) return snapshot;
  }
  const making = makeSnapshot(db);
  snapshots.set(db, making);
  making.catch(() => snapshots.delete(db));
  return making;
}

function clustersAt(snapshot: Snapshot, zoom: ZoomLevel) {
  let made = snapshot.zooms.get(zoom);
  if (!made) {
    const clusters = clusterPoints(snapshot.located, zoom);
    const clusterOf = new Map<number, Cluster<MapJimmy>>();
    for (const cluster of clusters) for (const member of cluster.members) clusterOf.set(member.serialNumber, cluster);
    made = { clusters, clusterOf, overview: overviewBox(snapshot.located, zoom) };
    snapshot.zooms.set(zoom, made);
  }
  return made;
}

const asArea = ({ members: _members, ...area }: Cluster<MapJimmy>): MapArea => area;

/** What the map page shows for `state`, with the largest `areasShown` areas listed. */
export async function getHuntMap(db: Executor, state: MapState, areasShown: number): Promise<HuntMap> {
  const snapshot = await snapshotOf(db);
  const { clusters, clusterOf, overview } = clustersAt(snapshot, state.zoom);
  const selected = state.cluster === null ? null : (clusterOf.get(state.cluster) ?? null);
  const selectedJimmy = state.jimmy === null ? null : (snapshot.bySerial.get(state.jimmy) ?? null);
  const focus = selectedJimmy ?? selected;
  return {
    totalJimmys: snapshot.totalJimmys,
    discoveredCount: snapshot.discoveredCount,
    unplaced: snapshot.discoveredCount - snapshot.located.length,
    areaCount: clusters.length,
    areas: clusters.slice(0, Math.min(areasShown, MAX_AREAS_SHOWN)).map(asArea),
    selectedArea: selected && { ...asArea(selected), members: selected.members.slice(0, AREA_MEMBERS_SHOWN) },
    selectedJimmy,
    view: focus ? focusBox(focus, state.zoom) : overview,
  };
}
