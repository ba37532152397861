import { sql, type Kysely } from "kysely";
import { idColumn, idColumnType, isPostgres } from "./dialect";

/**
 * Watching a Jimmy, and email (issue 23, item 3).
 *
 * - `watches`: who follows which Jimmy. A row with watching = 0 is a hunter
 *   who turned a Jimmy off, so finding it again does not watch it again
 *   behind their back. Everyone who found a Jimmy so far watches it: until
 *   now they were the ones told of its news.
 * - `users`: how the hunter wants news by email ('off' until they choose
 *   'each' or 'daily'), since when (a digest never reaches further back),
 *   whether the Jimmys they find are watched for them, and whether they chose
 *   their address themselves (then a sign-in never overwrites it).
 * - `notifications.emailed_at`: when a notification went out by email.
 *   Notifications gain the kind 'missing'.
 * - `email_changes`: an address waiting for its owner to confirm it.
 * - `jobs`: slow or outside work (sending email) done outside the request by
 *   whichever app process claims it first; `key` keeps one pending job per
 *   purpose (one digest per hunter).
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("watches")
    .addColumn("id", idColumnType(db), idColumn(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("jimmy_id", "integer", (c) => c.notNull().references("jimmys.id").onDelete("cascade"))
    .addColumn("watching", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("watches_once", ["user_id", "jimmy_id"])
    .execute();
  await db.schema.createIndex("watches_jimmy_idx").on("watches").columns(["jimmy_id", "watching"]).execute();
  await sql`insert into watches (user_id, jimmy_id, watching, created_at, updated_at)
    select user_id, jimmy_id, 1, min(created_at), min(created_at) from discoveries group by user_id, jimmy_id`.execute(db);

  await db.schema
    .alterTable("users")
    .addColumn("email_frequency", "text", (c) =>
      c
        .notNull()
        .defaultTo("off")
        .check(sql`email_frequency in ('off', 'each', 'daily')`),
    )
    .execute();
  await db.schema.alterTable("users").addColumn("email_since", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("watch_finds", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("email_chosen", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await setNotificationKinds(db, ["like", "comment", "rediscovery", "milestone", "missing"]);
  await db.schema.alterTable("notifications").addColumn("emailed_at", "text").execute();

  await db.schema
    .createTable("email_changes")
    .addColumn("id", idColumnType(db), idColumn(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("new_email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("email_changes_user_idx").on("email_changes").column("user_id").execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", idColumnType(db), idColumn(db))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("outcome", "text", (c) => c.check(sql`outcome in ('done', 'failed')`))
    .execute();
  await db.schema.createIndex("jobs_pending_key").on("jobs").column("key").unique().where(sql.ref("finished_at"), "is", null).execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["run_at", "id"]).where(sql.ref("finished_at"), "is", null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
  await db.schema.dropTable("email_changes").execute();
  await db.deleteFrom("notifications").where("kind", "=", "missing").execute();
  // The rebuild below keeps only the original columns, emailed_at with them.
  if (isPostgres(db)) await db.schema.alterTable("notifications").dropColumn("emailed_at").execute();
  await setNotificationKinds(db, ["like", "comment", "rediscovery", "milestone"]);
  for (const column of ["email_chosen", "watch_finds", "email_since", "email_frequency"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
  await db.schema.dropTable("watches").execute();
}

async function setNotificationKinds(db: Kysely<any>, kinds: string[]): Promise<void> {
  const check = sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`;
  if (isPostgres(db)) {
    await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
    await sql`alter table notifications add constraint notifications_kind_check check (${check})`.execute(db);
    return;
  }
  // SQLite cannot change a CHECK in place: the table is rebuilt, as the initial schema made it, with the new check.
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
