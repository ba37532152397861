import { usStateName } from "./us-states";

let regionNames: Intl.DisplayNames | undefined;

/** English name of an ISO 3166-1 alpha-2 code ("GB" → "United Kingdom"). */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
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
