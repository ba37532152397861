/**
 * The Hall of Fame as every page and the JSON API read it. Its records are
 * the same for every reader and change only with a write to discoveries, and
 * every such write moves the hunt's discoveries version
 * (app/models/derived-figures.server.ts). So the records are read once per
 * version: a request reads that one row, not a query per record and two
 * per holder's journey. Each process keeps its own copy, and each reads
 * the shared version, so on PostgreSQL with several processes none serves
 * records another has seen change.
 */
import type { DB } from "~/infra/db.server";
import type { Storage } from "~/infra/storage.server";
import { readDiscoveriesVersion } from "~/models/derived-figures.server";
import { getHallOfFame, type HallOfFame } from "~/models/hall-of-fame.server";

type Kept = { version: number; storage: Storage; hallOfFame: Promise<HallOfFame> };

/** The records last read from each database, with the version and photo store they were read at. */
const kept = new WeakMap<DB, Kept>();

/**
 * The current Hall of Fame. Shared by every request until the version moves,
 * so it is frozen: a caller builds what it sends from it, never changes it.
 */
export async function currentHallOfFame(db: DB, storage: Storage): Promise<HallOfFame> {
  // The version is read before the records: a write landing in between leaves newer records under an older
  // version, which the next request reads again, never older records under a newer one.
  const version = await readDiscoveriesVersion(db);
  const last = kept.get(db);
  if (last && last.version === version && last.storage === storage) return last.hallOfFame;
  const reading = getHallOfFame(db, (key) => storage.publicUrl(key)).then(deepFreeze);
  const entry: Kept = { version, storage, hallOfFame: reading };
  kept.set(db, entry);
  reading.catch(() => {
    if (kept.get(db) === entry) kept.delete(db);
  });
  return reading;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
