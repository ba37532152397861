import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";
import { nowIso } from "~/lib/time";

type Executor = Kysely<Database> | Transaction<Database>;

export type ProviderProfile = {
  provider: string;
  subject: string;
  firstName: string;
  lastName: string;
  email?: string | null;
  profileImageUrl?: string | null;
};

/**
 * Finds or creates the user for (provider, subject). Accounts are never merged
 * across providers by e-mail. A blank name from the provider never overwrites
 * a name we already have (Apple sends the name on the first sign-in only).
 */
export async function upsertUserFromProvider(db: Executor, profile: ProviderProfile, now = new Date()) {
  const at = nowIso(now);
  const existing = await db
    .selectFrom("users")
    .selectAll()
    .where("provider", "=", profile.provider)
    .where("provider_subject", "=", profile.subject)
    .executeTakeFirst();
  if (!existing) {
    return db
      .insertInto("users")
      .values({
        provider: profile.provider,
        provider_subject: profile.subject,
        first_name: profile.firstName.trim(),
        last_name: profile.lastName.trim(),
        email: profile.email ?? null,
        profile_image_url: profile.profileImageUrl ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(["provider", "provider_subject"]).doUpdateSet({ updated_at: at }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return db
    .updateTable("users")
    .set({
      first_name: profile.firstName.trim() || existing.first_name,
      last_name: profile.lastName.trim() || existing.last_name,
      email: profile.email ?? existing.email,
      profile_image_url: profile.profileImageUrl ?? existing.profile_image_url,
      updated_at: at,
      // The name may have changed: folded again when next compared (hunterNameTaken).
      name_key_lower: null,
      name_key_upper: null,
    })
    .where("id", "=", existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type FoldedName = { lower: string; upper: string };

/**
 * Whether a registered hunter's display name folds like `key` (either
 * folding matches). Hunters whose name was not folded yet (new rows, a name
 * just changed) are folded first with `fold`, which is given their display name.
 */
export async function hunterNameTaken(db: Kysely<Database>, key: FoldedName, fold: (displayName: string) => FoldedName): Promise<boolean> {
  for (;;) {
    const unfolded = await db
      .selectFrom("users")
      .select(["id", "first_name", "last_name"])
      .where((eb) => eb.or([eb("name_key_lower", "is", null), eb("name_key_upper", "is", null)]))
      .orderBy("id")
      .limit(500)
      .execute();
    if (unfolded.length === 0) break;
    for (const user of unfolded) {
      const folded = fold(`${user.first_name} ${user.last_name}`.trim());
      await db.updateTable("users").set({ name_key_lower: folded.lower, name_key_upper: folded.upper }).where("id", "=", user.id).execute();
    }
  }
  const match = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb("name_key_lower", "=", key.lower), eb("name_key_upper", "=", key.upper)]))
    .limit(1)
    .executeTakeFirst();
  return match !== undefined;
}
