import type { DB } from "~/infra/db.server";
import { recordDiscovery, type NewDiscoveryInput } from "~/models/discoveries.server";
import { mintJimmys } from "~/models/jimmys.server";
import { insertSession } from "~/models/sessions.server";
import { upsertUserFromProvider } from "~/models/users.server";

let counter = 0;

export async function makeUser(db: DB, firstName = "Test", lastName = `Hunter${++counter}`) {
  return upsertUserFromProvider(db, { provider: "test", subject: `subject-${++counter}-${Date.now()}`, firstName, lastName });
}

export async function makeJimmy(db: DB, serial: number) {
  await mintJimmys(db, serial, serial);
  return db.selectFrom("jimmys").selectAll().where("serial_number", "=", serial).executeTakeFirstOrThrow();
}

/** A discovery row with a photo descriptor (no image files: for query tests). */
export async function makeDiscovery(
  db: DB,
  input: { jimmyId: number; userId: number; createdAt: string; isFirst?: boolean; location?: string | null; caption?: string } & Partial<
    Pick<NewDiscoveryInput, "latitude" | "longitude" | "locationApproximate" | "city" | "region" | "country">
  >,
) {
  return recordDiscovery(db, {
    jimmyId: input.jimmyId,
    userId: input.userId,
    photo: { key: `discoveries/test/${++counter}`, width: 1200, height: 900, variants: [320, 720, 1200] },
    caption: input.caption ?? "Found him!",
    location: input.location ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    locationApproximate: input.locationApproximate,
    city: input.city,
    region: input.region,
    country: input.country,
    isFirst: input.isFirst ?? false,
    createdAt: input.createdAt,
  });
}

/** A Jimmy found once: its first discovery, by the given hunter. */
export async function makeFoundJimmy(db: DB, input: { serial: number; finderId: number; createdAt?: string }) {
  const jimmy = await makeJimmy(db, input.serial);
  const discovery = await makeDiscovery(db, {
    jimmyId: jimmy.id,
    userId: input.finderId,
    createdAt: input.createdAt ?? "2026-01-01T12:00:00.000Z",
    isFirst: true,
  });
  return { jimmy, discovery };
}

/** The place columns of a discovery reported as "Austin, TX" at downtown Austin's coordinates, once the offline gazetteer has placed it. */
export const AUSTIN_PLACE_COLUMNS = {
  location: "Austin, TX",
  latitude: 30.2672,
  longitude: -97.7431,
  location_approximate: 0,
  city: "Austin",
  region: "TX",
  country: "US",
};

/** A hunter's signed-in session (from October 2026 to January 2027), stored under the hash of its id. */
export async function makeSession(db: DB, userId: number, idHash: string, userAgent?: string) {
  await insertSession(db, {
    idHash,
    kind: "user",
    userId,
    createdAt: "2026-10-01T00:00:00.000Z",
    expiresAt: "2027-01-01T00:00:00.000Z",
    userAgent,
  });
}
