import tzLookup from "@photostructure/tz-lookup";
import { type DateZone, readerZone } from "~/lib/local-time";

/**
 * The time zone of a place, looked up offline from its coordinates (the
 * @photostructure/tz-lookup table, about 1 µs a lookup); null for
 * coordinates out of range.
 */
export function placeTimeZone(latitude: number, longitude: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}

/** Where a discovery's date is told: the place's zone when its coordinates are known, else the reader's. */
export function discoveryZone(place: { latitude: number | null; longitude: number | null }, readerTimeZone: string | null): DateZone {
  const zone = place.latitude !== null && place.longitude !== null ? placeTimeZone(place.latitude, place.longitude) : null;
  return zone ? { timeZone: zone, ofPlace: true } : readerZone(readerTimeZone);
}
