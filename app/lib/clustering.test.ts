import { describe, expect, it } from "vitest";
import { areaName, clusterPoints, EMPTY_VIEW, focusBox, mapSearch, overviewBox, parseMapState, type MapPoint } from "./clustering";

const point = (serialNumber: number, latitude: number, longitude: number, location: string | null = null): MapPoint => ({
  serialNumber,
  latitude,
  longitude,
  location,
});

const serials = (clusters: { members: MapPoint[] }[]) => clusters.map((c) => c.members.map((m) => m.serialNumber));

/** The rule as SPEC.md §9 states it, compared with every cluster made so far: the reference the indexed version must match. */
function clusterByTheRule(points: readonly MapPoint[], limit: number) {
  const groups: { members: MapPoint[]; latitude: number; longitude: number }[] = [];
  for (const p of [...points].sort((a, b) => a.serialNumber - b.serialNumber)) {
    let nearest: (typeof groups)[number] | undefined;
    let best = Infinity;
    for (const g of groups) {
      const d = Math.hypot(g.latitude - p.latitude, g.longitude - p.longitude);
      if (d <= limit + 1e-9 && d < best) [nearest, best] = [g, d];
    }
    if (!nearest) groups.push({ members: [p], latitude: p.latitude, longitude: p.longitude });
    else {
      const n = nearest.members.push(p);
      nearest.latitude += (p.latitude - nearest.latitude) / n;
      nearest.longitude += (p.longitude - nearest.longitude) / n;
    }
  }
  return groups.map((g) => g.members.map((m) => m.serialNumber)).sort((a, b) => b.length - a.length || a[0]! - b[0]!);
}

describe("clustering", () => {
  it("makes the same clusters as comparing every point with every cluster, on thousands of crowded points", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const centres = [
      [30.2672, -97.7431],
      [40.7128, -74.006],
      [51.5074, -0.1278],
      [-33.8688, 151.2093],
      [0.001, 179.999],
    ] as const;
    const points = Array.from({ length: 3000 }, (_, i) => {
      const [lat, lng] = centres[i % centres.length]!;
      return point(i + 1, lat + (random() - 0.5) * 0.3, lng + (random() - 0.5) * 0.3);
    });
    for (const [zoom, limit] of [
      ["city", 0.05],
      ["neighborhood", 0.01],
      ["street", 0.005],
    ] as const) {
      expect(serials(clusterPoints(points, zoom)), zoom).toEqual(clusterByTheRule(points, limit));
    }
  });

  it("puts two points 0.049° apart together at City level but not at Neighborhood or Street", () => {
    const points = [point(1, 30.2, -97.7), point(2, 30.249, -97.7)];
    expect(serials(clusterPoints(points, "city"))).toEqual([[1, 2]]);
    expect(serials(clusterPoints(points, "neighborhood"))).toEqual([[1], [2]]);
    expect(serials(clusterPoints(points, "street"))).toEqual([[1], [2]]);
  });

  it("puts two points 0.009° apart together at Neighborhood level but not at Street", () => {
    const points = [point(1, 30.2, -97.7), point(2, 30.2, -97.691)];
    expect(serials(clusterPoints(points, "neighborhood"))).toEqual([[1, 2]]);
    expect(serials(clusterPoints(points, "street"))).toEqual([[1], [2]]);
    // Street level still groups points 0.004° apart.
    expect(serials(clusterPoints([point(1, 30.2, -97.7), point(2, 30.204, -97.7)], "street"))).toEqual([[1, 2]]);
  });

  it("measures the distance in degrees across both axes (0.03° and 0.04° make 0.05°)", () => {
    const diagonal = [point(1, 30, -97), point(2, 30.03, -96.96)];
    expect(serials(clusterPoints(diagonal, "city"))).toEqual([[1, 2]]);
    const further = [point(1, 30, -97), point(2, 30.0305, -96.96)];
    expect(serials(clusterPoints(further, "city"))).toEqual([[1], [2]]);
  });

  it("sorts clusters by size, largest first, then by lowest serial; a cluster's centre is its members' mean", () => {
    const points = [
      point(5, 48.85, 2.35, "Paris, France"),
      point(1, 30.26, -97.74, "Austin, TX"),
      point(2, 30.27, -97.75, "Austin, TX"),
      point(3, 51.5, -0.12, "London"),
      point(4, 30.28, -97.73, "Zilker Park, Austin"),
    ];
    const clusters = clusterPoints(points, "city");
    expect(serials(clusters)).toEqual([[1, 2, 4], [3], [5]]);
    expect(clusters.map((c) => c.size)).toEqual([3, 1, 1]);
    expect(clusters[0]!.key).toBe(1);
    expect(clusters[0]!.latitude).toBeCloseTo(30.27, 9);
    expect(clusters[0]!.longitude).toBeCloseTo(-97.74, 9);
    expect(clusters.map((c) => c.areaName)).toEqual(["Austin", "London", "Paris"]);
  });
});

describe("area names", () => {
  it("is the most common first segment of the location text", () => {
    expect(areaName(["Austin, TX", "Zilker Park, Austin", "Austin, Texas", "Round Rock, TX"])).toBe("Austin");
    expect(areaName(["  South Congress , Austin", "south congress, TX", "Austin"])).toBe("South Congress");
  });

  it("breaks a tie by the first one met, and ignores missing or blank texts", () => {
    expect(areaName(["Marfa, TX", "El Paso, TX", null, "El Paso", "Marfa"])).toBe("Marfa");
    expect(areaName([null, "   ", "Denver, CO"])).toBe("Denver");
  });

  it("is 'Unknown' when no member has a location text", () => {
    expect(areaName([null, null])).toBe("Unknown");
    expect(areaName([])).toBe("Unknown");
  });
});

describe("map views", () => {
  it("pads the box around every point by 0.05°, 0.02° or 0.01°", () => {
    const points = [point(1, 30, -98), point(2, 31, -97)];
    expect(overviewBox(points, "city")).toEqual({ west: -98.05, south: 29.95, east: -96.95, north: 31.05 });
    expect(overviewBox(points, "neighborhood")).toEqual({ west: -98.02, south: 29.98, east: -96.98, north: 31.02 });
    expect(overviewBox(points, "street")).toEqual({ west: -98.01, south: 29.99, east: -96.99, north: 31.01 });
  });

  it("shows a box around Austin when there is nothing to show", () => {
    expect(overviewBox([], "street")).toEqual(EMPTY_VIEW);
    expect(EMPTY_VIEW.west).toBeLessThan(-97.7431);
    expect(EMPTY_VIEW.east).toBeGreaterThan(-97.7431);
    expect(EMPTY_VIEW.south).toBeLessThan(30.2672);
    expect(EMPTY_VIEW.north).toBeGreaterThan(30.2672);
  });

  it("focuses on a place with a half-width of 0.02°, 0.01° or 0.005°", () => {
    const center = { latitude: 30, longitude: -97 };
    expect(focusBox(center, "city")).toEqual({ west: -97.02, south: 29.98, east: -96.98, north: 30.02 });
    expect(focusBox(center, "neighborhood")).toEqual({ west: -97.01, south: 29.99, east: -96.99, north: 30.01 });
    expect(focusBox(center, "street")).toEqual({ west: -97.005, south: 29.995, east: -96.995, north: 30.005 });
  });
});

describe("map state in the URL", () => {
  it("reads zoom, cluster and Jimmy, falling back to City for anything unknown", () => {
    expect(parseMapState(new URLSearchParams("zoom=street&cluster=12&jimmy=40"))).toEqual({ zoom: "street", cluster: 12, jimmy: 40 });
    expect(parseMapState(new URLSearchParams(""))).toEqual({ zoom: "city", cluster: null, jimmy: null });
    expect(parseMapState(new URLSearchParams("zoom=planet&cluster=-3&jimmy=1e3"))).toEqual({ zoom: "city", cluster: null, jimmy: null });
  });

  it("writes the state back as a query", () => {
    expect(mapSearch({ zoom: "neighborhood", cluster: 3, jimmy: null })).toBe("?zoom=neighborhood&cluster=3");
    expect(mapSearch({ zoom: "city", cluster: null, jimmy: 7 })).toBe("?zoom=city&jimmy=7");
  });
});
