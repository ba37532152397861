import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import type { DiscoveryCardData } from "~/lib/discoveries";
import { buildPhoto, type PhotoUrl } from "~/lib/photos";
import { apiDecimal } from "~/lib/api";
import type { Translate } from "~/lib/language";
import { displayPlace, pinNote } from "~/lib/places";

/**
 * A discovery card's query and shape, shared by every list of cards (the
 * feeds, a Jimmy's timeline and latest sighting). Its own module so that
 * discoveries and Jimmys both use it without importing each other.
 */

export type CardRow = {
  id: number;
  photo_key: string;
  photo_width: number;
  photo_height: number;
  photo_variants: string;
  caption: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  location_approximate: number;
  position_radius_m: number | null;
  city: string | null;
  region: string | null;
  country: string | null;
  created_at: string;
  is_first: number;
  like_count: number;
  liked: number | null;
  comment_count: number;
  serial_number: number;
  user_id: number;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
};

/** A card as `t` words it (the reader's: translator(language) or requestT(request)); English without one. */
export function toCardData(row: CardRow, photoUrl: PhotoUrl, t?: Translate): DiscoveryCardData {
  return {
    id: row.id,
    photo: buildPhoto(row.photo_key, row.photo_variants, row.photo_width, row.photo_height, photoUrl),
    caption: row.caption,
    location: row.location,
    latitude: apiDecimal(row.latitude),
    longitude: apiDecimal(row.longitude),
    place: displayPlace({ ...row, approximate: row.location_approximate === 1 }),
    pin: pinNote({ ...row, approximate: row.location_approximate === 1, radiusM: row.position_radius_m }, t),
    city: row.city,
    region: row.region,
    country: row.country,
    locationApproximate: row.location_approximate === 1,
    positionRadiusM: row.position_radius_m,
    createdAt: row.created_at,
    isFirst: row.is_first === 1,
    likeCount: row.like_count,
    isLikedByUser: Boolean(row.liked),
    jimmyCommentCount: row.comment_count,
    user: { id: row.user_id, firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
    jimmy: { serialNumber: row.serial_number },
  };
}

/** Discoveries (`d`) with their hunter (`u`) and Jimmy (`j`): what a card and an admin's list both read. */
export function selectDiscoveriesWithHunter(db: Kysely<Database>) {
  return db.selectFrom("discoveries as d").innerJoin("users as u", "u.id", "d.user_id").innerJoin("jimmys as j", "j.id", "d.jimmy_id");
}

/** Where a discovery (`d`) was found: what its finder typed, its coordinates, and the place derived from them. */
export const DISCOVERY_PLACE_COLUMNS = [
  "d.location",
  "d.latitude",
  "d.longitude",
  "d.location_approximate",
  "d.city",
  "d.region",
  "d.country",
] as const;

/** A discovery's photo, caption and place, as a card and an admin's list both show them. */
export const DISCOVERY_COLUMNS = [
  "d.id",
  "d.photo_key",
  "d.photo_width",
  "d.photo_height",
  "d.photo_variants",
  "d.caption",
  ...DISCOVERY_PLACE_COLUMNS,
  "d.created_at",
  "d.is_first",
] as const;

/** The columns every discovery card needs, with the viewer's like (if any). */
export function selectCards(db: Kysely<Database>, viewerId: number | null) {
  return selectDiscoveriesWithHunter(db)
    .leftJoin("likes as l", (join) => join.onRef("l.discovery_id", "=", "d.id").on("l.user_id", "=", viewerId ?? -1))
    .select([
      ...DISCOVERY_COLUMNS,
      "d.position_radius_m",
      "d.like_count",
      "l.user_id as liked",
      "j.comment_count",
      "j.serial_number",
      "u.id as user_id",
      "u.first_name",
      "u.last_name",
      "u.profile_image_url",
    ]);
}

/** One discovery as its card shows it to `viewerId` (their like included), or null when there is none. */
export async function findCard(
  db: Kysely<Database>,
  photoUrl: PhotoUrl,
  id: number,
  viewerId: number | null,
  t?: Translate,
): Promise<DiscoveryCardData | null> {
  const row = await selectCards(db, viewerId).where("d.id", "=", id).executeTakeFirst();
  return row ? toCardData(row, photoUrl, t) : null;
}
