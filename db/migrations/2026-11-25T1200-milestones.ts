import { sql, type Kysely } from "kysely";
import { idColumn, idColumnType, isPostgres } from "./dialect";

/**
 * Milestones (issue 23, item 4): a Jimmy's path passing 100, 1,000 and
 * 10,000 miles, its 10th, 50th and 100th different finder, its first time
 * in a new country. Derived from its discoveries like its other figures
 * (app/models/derived-figures.server.ts), each credited to the discovery
 * that reached it, and told to that discovery's hunter: notifications gain
 * the kind 'milestone'.
 *
 * SQLite cannot change a CHECK constraint in place: the notifications table
 * is rebuilt with the wider check, its rows and index kept. PostgreSQL
 * swaps the constraint.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("jimmy_milestones")
    .addColumn("id", idColumnType(db), idColumn(db))
    .addColumn("jimmy_id", "integer", (c) => c.notNull().references("jimmys.id").onDelete("cascade"))
    .addColumn("discovery_id", "integer", (c) => c.notNull().references("discoveries.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("reached_at", "text", (c) => c.notNull())
    .addUniqueConstraint("jimmy_milestones_once", ["jimmy_id", "kind", "value"])
    .addCheckConstraint("jimmy_milestones_kind_check", sql`kind in ('miles', 'finders', 'country')`)
    .execute();
  await db.schema.createIndex("jimmy_milestones_discovery_idx").on("jimmy_milestones").column("discovery_id").execute();
  await db.schema.createIndex("jimmy_milestones_user_idx").on("jimmy_milestones").columns(["user_id", "reached_at"]).execute();
  await setNotificationKinds(db, ["like", "comment", "rediscovery", "milestone"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("notifications").where("kind", "=", "milestone").execute();
  await setNotificationKinds(db, ["like", "comment", "rediscovery"]);
  await db.schema.dropTable("jimmy_milestones").execute();
}

async function setNotificationKinds(db: Kysely<any>, kinds: string[]): Promise<void> {
  const check = sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`;
  if (isPostgres(db)) {
    await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
    await sql`alter table notifications add constraint notifications_kind_check check (${check})`.execute(db);
    return;
  }
  // The table as the initial schema made it, with the new check.
  await db.schema
    .createTable("notifications_new")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_name", "text")
    .addColumn("jimmy_id", "integer", (c) => c.references("jimmys.id").onDelete("cascade"))
    .addColumn("discovery_id", "integer", (c) => c.references("discoveries.id").onDelete("cascade"))
    .addColumn("comment_id", "integer", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addCheckConstraint("notifications_kind_check", check)
    .execute();
  await sql`insert into notifications_new (id, user_id, kind, actor_user_id, actor_name, jimmy_id, discovery_id, comment_id, created_at, read_at)
    select id, user_id, kind, actor_user_id, actor_name, jimmy_id, discovery_id, comment_id, created_at, read_at from notifications`.execute(
    db,
  );
  await db.schema.dropTable("notifications").execute();
  await sql`alter table notifications_new rename to notifications`.execute(db);
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "read_at", "created_at"]).execute();
}
