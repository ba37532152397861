import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { nowIso } from "~/lib/time";

export type AdminAction =
  | "sign_in"
  | "sign_in_failed"
  | "sign_in_locked"
  | "sign_out"
  | "delete_discovery"
  | "replace_image"
  | "delete_comment"
  | "mint_jimmys"
  | "hunter_delete_discovery"
  | "accept_flags"
  | "dismiss_flags"
  | "confirm_missing"
  | "clear_missing"
  | "delete_account"
  | "hunter_delete_account"
  | "export_account"
  | "download_export";

export type AuditEntry = {
  id: number;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: string | null;
  clientAddress: string | null;
  createdAt: string;
};

export async function recordAdminAction(
  db: Kysely<Database>,
  entry: { action: AdminAction; targetType?: string; targetId?: string | number; detail?: string; clientAddress: string; now?: Date },
): Promise<void> {
  await db
    .insertInto("admin_audit_log")
    .values({
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined ? null : String(entry.targetId),
      detail: entry.detail ?? null,
      client_address: entry.clientAddress,
      created_at: nowIso(entry.now ?? new Date()),
    })
    .execute();
}

/** The most recent entries, newest first. */
export async function listAdminActions(db: Kysely<Database>, limit = 25): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("admin_audit_log")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    detail: r.detail,
    clientAddress: r.client_address,
    createdAt: r.created_at,
  }));
}
