/**
 * A Jimmy's milestones (issue 23, item 4), kept with its other derived
 * figures: recomputed from its journey on every write that touches it
 * (app/models/derived-figures.server.ts), so a deleted discovery can move a
 * milestone to a later one or take it away. A milestone reached by the
 * discovery just reported is told to its hunter and the Jimmy's watchers
 * (derived-figures.server.ts).
 */
import type { Transaction } from "kysely";
import type { Database } from "#db/schema";
import type { Executor } from "~/infra/db.server";
import type { Milestone, MilestoneKind } from "~/lib/journey";

/**
 * Brings a Jimmy's stored milestones in step with `reached`. Returns the
 * first milestone that `recorded` (the discovery just reported) newly
 * reached, for its hunter and the Jimmy's watchers to be told.
 */
export async function saveMilestones(
  trx: Transaction<Database>,
  jimmyId: number,
  reached: readonly Milestone<number>[],
  recorded?: number,
): Promise<Milestone<number> | null> {
  const stored = await trx
    .selectFrom("jimmy_milestones")
    .select(["id", "kind", "value", "discovery_id", "user_id", "reached_at"])
    .where("jimmy_id", "=", jimmyId)
    .execute();
  const key = (m: { kind: string; value: string }) => `${m.kind}:${m.value}`;
  const wanted = new Map(reached.map((m) => [key(m), m]));
  const gone = stored.filter((row) => !wanted.has(key(row))).map((row) => row.id);
  if (gone.length) await trx.deleteFrom("jimmy_milestones").where("id", "in", gone).execute();
  const had = new Map(stored.map((row) => [key(row), row]));
  let news: Milestone<number> | null = null;
  for (const m of reached) {
    const row = had.get(key(m));
    const values = { discovery_id: m.discoveryId, user_id: m.hunterId, reached_at: m.reachedAt };
    if (!row) {
      await trx
        .insertInto("jimmy_milestones")
        .values({ jimmy_id: jimmyId, kind: m.kind, value: m.value, ...values })
        .execute();
      if (m.discoveryId === recorded) news ??= m;
    } else if (row.discovery_id !== m.discoveryId || row.user_id !== m.hunterId || row.reached_at !== m.reachedAt) {
      await trx.updateTable("jimmy_milestones").set(values).where("id", "=", row.id).execute();
    }
  }
  return news;
}

export type StoredMilestone = { kind: MilestoneKind; value: string; discoveryId: number; reachedAt: string };

/** The milestones these discoveries reached, for a page of a Jimmy's timeline. */
export async function milestonesOfDiscoveries(db: Executor, discoveryIds: readonly number[]): Promise<StoredMilestone[]> {
  if (discoveryIds.length === 0) return [];
  const rows = await db
    .selectFrom("jimmy_milestones")
    .select(["kind", "value", "discovery_id", "reached_at"])
    .where("discovery_id", "in", discoveryIds)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ kind: r.kind, value: r.value, discoveryId: r.discovery_id, reachedAt: r.reached_at }));
}

/** The milestones a hunter's discoveries reached, newest first, with each Jimmy's number. */
export async function milestonesOfHunter(
  db: Executor,
  userId: number,
  limit = 20,
): Promise<(StoredMilestone & { serialNumber: number })[]> {
  const rows = await db
    .selectFrom("jimmy_milestones as m")
    .innerJoin("jimmys as j", "j.id", "m.jimmy_id")
    .select(["m.kind", "m.value", "m.discovery_id", "m.reached_at", "j.serial_number"])
    .where("m.user_id", "=", userId)
    .orderBy("m.reached_at", "desc")
    .orderBy("m.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    value: r.value,
    discoveryId: r.discovery_id,
    reachedAt: r.reached_at,
    serialNumber: r.serial_number,
  }));
}
