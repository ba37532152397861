/**
 * Map clustering and views (SPEC.md §4, §9). Pure code shared by the server
 * render and the browser: no server imports here.
 */

import { onTheMap, type BoundingBox } from "./map-embed";

export type ZoomLevel = "city" | "neighborhood" | "street";

export const ZOOM_LEVELS: readonly ZoomLevel[] = ["city", "neighborhood", "street"];

/** Distances in degrees: clustering radius, half-width of a focused view, padding of the whole view. */
export const ZOOM: Record<ZoomLevel, { label: string; clusterDistance: number; focusHalfWidth: number; padding: number }> = {
  city: { label: "City", clusterDistance: 0.05, focusHalfWidth: 0.02, padding: 0.05 },
  neighborhood: { label: "Neighborhood", clusterDistance: 0.01, focusHalfWidth: 0.01, padding: 0.02 },
  street: { label: "Street", clusterDistance: 0.005, focusHalfWidth: 0.005, padding: 0.01 },
};

export const DEFAULT_ZOOM: ZoomLevel = "city";

/** Markers are drawn for at most this many clusters, the largest. */
export const MAX_MARKERS = 10;

export type LatLng = { latitude: number; longitude: number };

export type BBox = BoundingBox;

/** What the map shows when no Jimmy has a position yet: Austin, Texas. */
export const EMPTY_VIEW: BBox = { west: -97.8431, south: 30.1672, east: -97.6431, north: 30.3672 };

export type MapPoint = LatLng & { serialNumber: number; location: string | null };

export type Cluster<T extends MapPoint = MapPoint> = LatLng & {
  /** Stable id for links: the lowest serial number among the members. */
  key: number;
  areaName: string;
  members: T[];
  size: number;
};

export const UNKNOWN_AREA = "Unknown";

/** The most common first segment of the members' location texts ("Austin" of "Austin, TX"), else 'Unknown'. */
export function areaName(locations: readonly (string | null)[]): string {
  const counts = new Map<string, { name: string; count: number; order: number }>();
  locations.forEach((location, order) => {
    const name = location?.split(",")[0]?.trim();
    if (!name) return;
    const key = name.toLowerCase();
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { name, count: 1, order });
  });
  let best: { name: string; count: number; order: number } | undefined;
  for (const entry of counts.values()) {
    if (!best || entry.count > best.count || (entry.count === best.count && entry.order < best.order)) best = entry;
  }
  return best?.name ?? UNKNOWN_AREA;
}

/** Straight-line distance in degrees, the unit of the clustering thresholds. */
export function degreeDistance(a: LatLng, b: LatLng): number {
  return Math.hypot(a.latitude - b.latitude, a.longitude - b.longitude);
}

/**
 * Groups points greedily, in serial order: each point joins the nearest
 * cluster whose centre (the mean of its members) is within the zoom level's
 * distance (the earliest made, on a tie), or starts a new one. Clusters come
 * largest first. The clusters are kept in a grid of cells as wide as that
 * distance, so a point is compared with the clusters of its own and the eight
 * neighbouring cells only: linear in the number of points, not quadratic.
 */
export function clusterPoints<T extends MapPoint>(points: readonly T[], zoom: ZoomLevel): Cluster<T>[] {
  const limit = ZOOM[zoom].clusterDistance + 1e-9;
  const ordered = [...points].sort((a, b) => a.serialNumber - b.serialNumber);
  type Group = { order: number; members: T[]; latitude: number; longitude: number; cell: string };
  const groups: Group[] = [];
  const cells = new Map<string, Group[]>();
  const cellAt = (row: number, column: number) => `${row}:${column}`;
  const rowOf = (latitude: number) => Math.floor(latitude / limit);
  const columnOf = (longitude: number) => Math.floor(longitude / limit);
  const place = (group: Group) => {
    const list = cells.get(group.cell);
    if (list) list.push(group);
    else cells.set(group.cell, [group]);
  };
  for (const point of ordered) {
    const row = rowOf(point.latitude);
    const column = columnOf(point.longitude);
    let nearest: Group | undefined;
    let nearestDistance = Infinity;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        for (const group of cells.get(cellAt(row + dr, column + dc)) ?? []) {
          const distance = degreeDistance(group, point);
          if (distance > limit) continue;
          if (distance < nearestDistance || (distance === nearestDistance && nearest && group.order < nearest.order)) {
            nearest = group;
            nearestDistance = distance;
          }
        }
      }
    }
    if (nearest) {
      const n = nearest.members.push(point);
      nearest.latitude += (point.latitude - nearest.latitude) / n;
      nearest.longitude += (point.longitude - nearest.longitude) / n;
      const cell = cellAt(rowOf(nearest.latitude), columnOf(nearest.longitude));
      if (cell !== nearest.cell) {
        const list = cells.get(nearest.cell)!;
        list.splice(list.indexOf(nearest), 1);
        nearest.cell = cell;
        place(nearest);
      }
    } else {
      const group = {
        order: groups.length,
        members: [point],
        latitude: point.latitude,
        longitude: point.longitude,
        cell: cellAt(row, column),
      };
      groups.push(group);
      place(group);
    }
  }
  return groups
    .map((group) => ({
      key: group.members[0]!.serialNumber,
      areaName: areaName(group.members.map((m) => m.location)),
      members: group.members,
      size: group.members.length,
      latitude: group.latitude,
      longitude: group.longitude,
    }))
    .sort((a, b) => b.size - a.size || a.key - b.key);
}

function box(west: number, south: number, east: number, north: number): BBox {
  return onTheMap({ west, south, east, north });
}

/** Every point, padded by the zoom level's margin; Austin when there is nothing to show. */
export function overviewBox(points: readonly LatLng[], zoom: ZoomLevel): BBox {
  if (points.length === 0) return EMPTY_VIEW;
  const padding = ZOOM[zoom].padding;
  const latitudes = points.map((p) => p.latitude);
  const longitudes = points.map((p) => p.longitude);
  return box(
    Math.min(...longitudes) - padding,
    Math.min(...latitudes) - padding,
    Math.max(...longitudes) + padding,
    Math.max(...latitudes) + padding,
  );
}

/** A square of the zoom level's half-width around one place. */
export function focusBox(center: LatLng, zoom: ZoomLevel): BBox {
  const half = ZOOM[zoom].focusHalfWidth;
  return box(center.longitude - half, center.latitude - half, center.longitude + half, center.latitude + half);
}

/** The map's state, all of it in the URL query so every control is a plain link. */
export type MapState = { zoom: ZoomLevel; cluster: number | null; jimmy: number | null };

function serialParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Reads ?zoom=city|neighborhood|street&cluster=…&jimmy=…; anything unknown falls back to the default. */
export function parseMapState(params: URLSearchParams): MapState {
  const zoomParam = params.get("zoom");
  const zoom = ZOOM_LEVELS.find((z) => z === zoomParam) ?? DEFAULT_ZOOM;
  return { zoom, cluster: serialParam(params.get("cluster")), jimmy: serialParam(params.get("jimmy")) };
}

export function mapSearch(state: MapState): string {
  const params = new URLSearchParams({ zoom: state.zoom });
  if (state.cluster !== null) params.set("cluster", String(state.cluster));
  if (state.jimmy !== null) params.set("jimmy", String(state.jimmy));
  return `?${params.toString()}`;
}
