import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { refreshJimmyAggregates } from "./jimmys.server";

export type NewDiscoveryInput = {
  jimmyId: number;
  userId: number;
  photo: { key: string; width: number; height: number; variants: number[] };
  caption: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  locationApproximate?: boolean;
  city?: string | null;
  region?: string | null;
  country?: string | null;
  isFirst: boolean;
  createdAt: string;
};

/** Records a discovery and updates its Jimmy's figures in one transaction. */
export async function recordDiscovery(db: Kysely<Database>, input: NewDiscoveryInput) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("discoveries")
      .values({
        jimmy_id: input.jimmyId,
        user_id: input.userId,
        photo_key: input.photo.key,
        photo_width: input.photo.width,
        photo_height: input.photo.height,
        photo_variants: input.photo.variants.join(","),
        caption: input.caption,
        location: input.location,
        latitude: input.latitude,
        longitude: input.longitude,
        location_approximate: input.locationApproximate ? 1 : 0,
        city: input.city ?? null,
        region: input.region ?? null,
        country: input.country ?? null,
        is_first: input.isFirst ? 1 : 0,
        created_at: input.createdAt,
      })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    await refreshJimmyAggregates(trx, input.jimmyId);
    return row;
  });
}
