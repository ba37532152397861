import { aboutDistance } from "./location-precision";
import type { MessageKey } from "./language";
import { usStateName } from "./us-states";

/** What a hunter gave as a discovery's place: coordinates, a typed place, or both. */
export type LocationInput = {
  latitude?: number | null;
  longitude?: number | null;
  location?: string | null;
};

export type ResolvedLocation = {
  latitude: number | null;
  longitude: number | null;
  /** True when the coordinates were derived from a typed city name, not measured. */
  approximate: boolean;
  city: string | null;
  /** US state (or DC) code for points in the US, otherwise null. */
  region: string | null;
  /** ISO 3166-1 alpha-2 code. */
  country: string | null;
};

let regionNames: Intl.DisplayNames | undefined;
/** Names already looked up: a page names the same countries on every request, and a code has one name. */
const countryNames = new Map<string, string>();

/** English name of an ISO 3166-1 alpha-2 code ("GB" → "United Kingdom"). */
export function countryName(code: string): string {
  const known = countryNames.get(code);
  if (known !== undefined) return known;
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  let name: string;
  try {
    name = regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    name = code;
  }
  // Bounded by the codes there are (what is stored was checked when it was written); a made-up one is not kept.
  if (/^[A-Za-z]{2}$/.test(code) && countryNames.size < 1_000) countryNames.set(code, name);
  return name;
}

export type Place = { city: string | null; region: string | null; country: string | null };

/** How a derived place reads: "Austin, TX" in the US, "Paris, France" elsewhere. */
export function placeLabel(place: Place): string | null {
  if (!place.country) return null;
  if (!place.city) return place.country === "US" && place.region ? usStateName(place.region) : countryName(place.country);
  // Some names already carry their area ("Washington, D.C.").
  if (place.city.includes(",")) return place.city;
  if (place.country === "US" && place.region) return `${place.city}, ${place.region}`;
  return `${place.city}, ${countryName(place.country)}`;
}

/** What a discovery knows of where it was made. */
export type DiscoveryPlace = Place & {
  location: string | null;
  /** The coordinates are the derived town's centre, guessed from the typed text. */
  approximate: boolean;
  /** How far (metres) the published position may be from the spot, when the hunter published it approximately. */
  radiusM?: number | null;
};

/**
 * How a discovery's place reads on every page, feed and API answer: what the
 * finder typed, as they typed it (the next hunter needs "Zilker Park", not
 * the town it is in); the derived place ("Austin, TX", "Paris, France", a
 * bare state or country) when nothing was typed; null when nothing is known.
 */
export function displayPlace(place: DiscoveryPlace): string | null {
  return place.location?.trim() || placeLabel(place);
}

/**
 * Where the pin stands when it is not the spot itself, said plainly beside
 * the place: the town's centre when only the town is known ("pin: Austin, TX
 * (town centre)"), or the distance the hunter rounded it by. Null when the
 * pin is the measured spot, or there is none.
 */
export function pinNote(
  place: DiscoveryPlace & { latitude?: number | string | null },
  /** The reader's `t` (useT's or requestT's); without one, English. */
  t?: (key: MessageKey, values?: Record<string, string | number>) => string,
): string | null {
  if (place.latitude === null) return null;
  if (place.approximate) {
    const label = placeLabel(place);
    if (t) return label ? t("pin: {place} (town centre)", { place: label }) : t("pin: town centre");
    return label ? `pin: ${label} (town centre)` : "pin: town centre";
  }
  if (!place.radiusM) return null;
  return t
    ? t("pin: within {distance} of the spot", { distance: aboutDistance(place.radiusM, t) })
    : `pin: within ${aboutDistance(place.radiusM)} of the spot`;
}
