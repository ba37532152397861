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
export type DiscoveryPlace = Place & { location: string | null; approximate: boolean };

/**
 * How a discovery's place reads on every page, preview and API answer: its
 * derived city ("Austin, TX", "Paris, France"), prefixed "near" when that
 * city was guessed from typed text rather than measured; the typed text when
 * no city is known (it says more than a bare state or country); the derived
 * state or country when nothing was typed; null when nothing is known.
 */
export function displayPlace(place: DiscoveryPlace): string | null {
  const label = placeLabel(place);
  if (place.city && label) return place.approximate ? `near ${label}` : label;
  return place.location?.trim() || label;
}
