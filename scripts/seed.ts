import { describeSeedReport, seedDemoData } from "#db/seed/seed";
import { getDb, migrateToLatest, describeDatabase } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { getStorage } from "~/infra/storage.server";

const started = Date.now();
const db = getDb();
await migrateToLatest(db);
const report = await seedDemoData({ db, storage: getStorage(), log: (line) => console.log(line) });
console.log(`Seeded ${describeDatabase(env())} in ${((Date.now() - started) / 1000).toFixed(1)} s:`, describeSeedReport(report));
await db.destroy();
