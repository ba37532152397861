import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, JimmyStatus } from "#db/schema";
import type { DiscoveryCardData } from "~/lib/discoveries";
import { nowIso } from "~/lib/time";
import { selectCards, toCardData } from "./discoveries.server";
import { placeKey } from "./stats.server";

type Executor = Kysely<Database> | Transaction<Database>;

export function jimmyName(serialNumber: number): string {
  return `Jimmy #${serialNumber}`;
}

/** Mints the serials in [from, to] that do not exist yet; returns how many were new. */
export async function mintJimmys(db: Executor, from: number, to: number, now = new Date()): Promise<number> {
  let created = 0;
  const BATCH = 500;
  for (let start = from; start <= to; start += BATCH) {
    const rows = [];
    for (let serial = start; serial <= Math.min(to, start + BATCH - 1); serial++) {
      rows.push({ serial_number: serial, name: jimmyName(serial), status: "hidden" as JimmyStatus, minted_at: nowIso(now) });
    }
    const result = await db
      .insertInto("jimmys")
      .values(rows)
      .onConflict((oc) => oc.column("serial_number").doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}

export async function findJimmyBySerial(db: Executor, serialNumber: number) {
  return db.selectFrom("jimmys").selectAll().where("serial_number", "=", serialNumber).executeTakeFirst();
}

/**
 * Recomputes a Jimmy's denormalised figures (count, first and last dates,
 * latest known position) from its discoveries. Called in the same transaction
 * as every write that adds or removes a discovery, so pages never scan the
 * discoveries table to show them.
 */
export async function refreshJimmyAggregates(db: Executor, jimmyId: number): Promise<void> {
  const totals = await db
    .selectFrom("discoveries")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.min("created_at").as("first"),
      eb.fn.max("created_at").as("last"),
    ])
    .where("jimmy_id", "=", jimmyId)
    .executeTakeFirstOrThrow();
  const latestLocated = await db
    .selectFrom("discoveries")
    .select(["latitude", "longitude", "location"])
    .where("jimmy_id", "=", jimmyId)
    .where((eb) => eb.or([eb("latitude", "is not", null), eb("location", "is not", null)]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const current = await db.selectFrom("jimmys").select("status").where("id", "=", jimmyId).executeTakeFirstOrThrow();
  const count = Number(totals.count);
  let status = current.status;
  if (count > 0 && status === "hidden") status = "discovered";
  if (count === 0 && status === "discovered") status = "hidden";

  await db
    .updateTable("jimmys")
    .set({
      discovery_count: count,
      first_discovery_at: totals.first ?? null,
      last_discovery_at: totals.last ?? null,
      latitude: latestLocated?.latitude ?? null,
      longitude: latestLocated?.longitude ?? null,
      location: latestLocated?.location ?? null,
      status,
    })
    .where("id", "=", jimmyId)
    .execute();
}

export type JimmyPageData = {
  jimmy: { id: number; serialNumber: number; name: string; status: JimmyStatus; firstDiscoveryAt: string | null };
  stats: { discoveries: number; locations: number; daysSinceCreated: number };
  discoveries: DiscoveryCardData[];
};

/** Everything the Jimmy page shows but its comments; null for a serial never minted. */
export async function getJimmyPage(
  db: Kysely<Database>,
  serialNumber: number,
  options: { viewerId?: number | null; now?: Date } = {},
): Promise<JimmyPageData | null> {
  const jimmy = await findJimmyBySerial(db, serialNumber);
  if (!jimmy) return null;
  const [rows, places] = await Promise.all([
    selectCards(db, options.viewerId ?? null)
      .where("d.jimmy_id", "=", jimmy.id)
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc")
      .execute(),
    db
      .selectFrom("discoveries as d")
      .select(sql<number>`count(distinct ${placeKey})`.as("n"))
      .where("d.jimmy_id", "=", jimmy.id)
      .executeTakeFirstOrThrow(),
  ]);
  const now = options.now ?? new Date();
  const daysSinceCreated = jimmy.first_discovery_at
    ? Math.max(0, Math.floor((now.getTime() - Date.parse(jimmy.first_discovery_at)) / 86_400_000))
    : 0;
  return {
    jimmy: {
      id: jimmy.id,
      serialNumber: jimmy.serial_number,
      name: jimmy.name,
      status: jimmy.status,
      firstDiscoveryAt: jimmy.first_discovery_at,
    },
    stats: { discoveries: rows.length, locations: Number(places.n ?? 0), daysSinceCreated },
    discoveries: rows.map(toCardData),
  };
}
