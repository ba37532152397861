import { getDb, migrateToLatest, describeDatabase } from "~/infra/db.server";
import { env } from "~/infra/env.server";

const db = getDb();
const result = await migrateToLatest(db);
const applied = result.results?.filter((r) => r.status === "Success").map((r) => r.migrationName) ?? [];
console.log(
  applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database is up to date",
  `(${describeDatabase(env())})`,
);
await db.destroy();
