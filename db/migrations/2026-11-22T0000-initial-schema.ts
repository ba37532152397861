import { sql, type Kysely } from "kysely";
import { doubleType, idColumn, idColumnType } from "./dialect";

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const idType = idColumnType(db);

  await db.schema
    .createTable("users")
    .addColumn("id", idType, id)
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_subject", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("profile_image_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("users_provider_subject_unique", ["provider", "provider_subject"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addCheckConstraint("sessions_kind_check", sql`kind in ('user', 'admin')`)
    .execute();
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("jimmys")
    .addColumn("id", idType, id)
    .addColumn("serial_number", "integer", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("hidden"))
    .addColumn("minted_at", "text", (c) => c.notNull())
    .addColumn("discovery_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_discovery_at", "text")
    .addColumn("last_discovery_at", "text")
    .addColumn("latitude", doubleType)
    .addColumn("longitude", doubleType)
    .addColumn("location", "text")
    .addCheckConstraint("jimmys_status_check", sql`status in ('hidden', 'discovered', 'missing', 'retired')`)
    .addCheckConstraint("jimmys_serial_positive", sql`serial_number > 0`)
    .execute();
  await db.schema.createIndex("jimmys_last_discovery_at_idx").on("jimmys").column("last_discovery_at").execute();

  await db.schema
    .createTable("discoveries")
    .addColumn("id", idType, id)
    .addColumn("jimmy_id", "integer", (c) => c.notNull().references("jimmys.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("photo_key", "text", (c) => c.notNull())
    .addColumn("photo_width", "integer", (c) => c.notNull())
    .addColumn("photo_height", "integer", (c) => c.notNull())
    .addColumn("photo_variants", "text", (c) => c.notNull())
    .addColumn("caption", "text", (c) => c.notNull())
    .addColumn("location", "text")
    .addColumn("latitude", doubleType)
    .addColumn("longitude", doubleType)
    .addColumn("location_approximate", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("city", "text")
    .addColumn("region", "text")
    .addColumn("country", "text")
    .addColumn("is_first", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("discoveries_latitude_range", sql`latitude is null or (latitude >= -90 and latitude <= 90)`)
    .addCheckConstraint("discoveries_longitude_range", sql`longitude is null or (longitude >= -180 and longitude <= 180)`)
    .addCheckConstraint("discoveries_like_count_non_negative", sql`like_count >= 0`)
    .execute();
  // The feed, newest first, with and without first discoveries.
  await db.schema.createIndex("discoveries_feed_idx").on("discoveries").columns(["created_at desc", "id desc"]).execute();
  await db.schema
    .createIndex("discoveries_feed_by_first_idx")
    .on("discoveries")
    .columns(["is_first", "created_at desc", "id desc"])
    .execute();
  // A Jimmy's timeline.
  await db.schema.createIndex("discoveries_jimmy_timeline_idx").on("discoveries").columns(["jimmy_id", "created_at", "id"]).execute();
  await db.schema.createIndex("discoveries_user_idx").on("discoveries").columns(["user_id", "created_at"]).execute();
  // At most one first discovery per Jimmy, enforced by the database itself.
  await db.schema
    .createIndex("discoveries_one_first_per_jimmy")
    .unique()
    .on("discoveries")
    .column("jimmy_id")
    .where(sql.ref("is_first"), "=", 1)
    .execute();

  await db.schema
    .createTable("likes")
    .addColumn("discovery_id", "integer", (c) => c.notNull().references("discoveries.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("likes_pk", ["discovery_id", "user_id"])
    .execute();
  await db.schema.createIndex("likes_user_idx").on("likes").column("user_id").execute();

  await db.schema
    .createTable("comments")
    .addColumn("id", idType, id)
    .addColumn("jimmy_id", "integer", (c) => c.notNull().references("jimmys.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_name", "text")
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("comments_jimmy_idx").on("comments").columns(["jimmy_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("temp_uploads")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("owner_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("size", "integer")
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("temp_uploads_expires_at_idx").on("temp_uploads").column("expires_at").execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", idType, id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_name", "text")
    .addColumn("jimmy_id", "integer", (c) => c.references("jimmys.id").onDelete("cascade"))
    .addColumn("discovery_id", "integer", (c) => c.references("discoveries.id").onDelete("cascade"))
    .addColumn("comment_id", "integer", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addCheckConstraint("notifications_kind_check", sql`kind in ('like', 'comment', 'rediscovery')`)
    .execute();
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "read_at", "created_at"]).execute();

  await db.schema
    .createTable("admin_audit_log")
    .addColumn("id", idType, id)
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("detail", "text")
    .addColumn("client_address", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_audit_log_created_idx").on("admin_audit_log").column("created_at").execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rate_limits",
    "admin_audit_log",
    "notifications",
    "temp_uploads",
    "comments",
    "likes",
    "discoveries",
    "jimmys",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
