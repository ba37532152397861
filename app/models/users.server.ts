import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema";
import { ALL_LANGUAGES, isLanguage, type Language } from "~/lib/language";
import { nowIso } from "~/lib/time";
import type { Executor } from "~/infra/db.server";

export type ProviderProfile = {
  provider: string;
  subject: string;
  firstName: string;
  lastName: string;
  email?: string | null;
  profileImageUrl?: string | null;
};

export type FoldedName = { lower: string; upper: string };

/** The stored folded name (name_key_*) of a display name; null leaves it to be folded when next compared (hunterNameTaken). */
function nameKeyColumns(displayName: string, fold?: (displayName: string) => FoldedName) {
  const key = fold?.(displayName.trim());
  return { name_key_lower: key?.lower ?? null, name_key_upper: key?.upper ?? null };
}

/**
 * Finds or creates the user for (provider, subject). Accounts are never merged
 * across providers by e-mail. A blank name from the provider never overwrites
 * a name we already have (Apple sends the name on the first sign-in only).
 * `fold` gives the name's folded form (app/services/names.server.ts), stored
 * with it so that comparing names never has to fold hunters first.
 */
export async function upsertUserFromProvider(
  db: Executor,
  profile: ProviderProfile,
  now = new Date(),
  fold?: (displayName: string) => FoldedName,
) {
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
        provider_image_url: profile.profileImageUrl ?? null,
        created_at: at,
        updated_at: at,
        ...nameKeyColumns(`${profile.firstName.trim()} ${profile.lastName.trim()}`, fold),
      })
      .onConflict((oc) => oc.columns(["provider", "provider_subject"]).doUpdateSet({ updated_at: at }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  // A name or photo the hunter chose on their account page stays theirs.
  const firstName = existing.name_chosen === 1 ? existing.first_name : profile.firstName.trim() || existing.first_name;
  const lastName = existing.name_chosen === 1 ? existing.last_name : profile.lastName.trim() || existing.last_name;
  const providerImage = profile.profileImageUrl ?? existing.provider_image_url;
  return db
    .updateTable("users")
    .set({
      first_name: firstName,
      last_name: lastName,
      // An address the hunter confirmed themselves stays theirs; otherwise the provider's latest (Apple's private relay included).
      email: existing.email_chosen === 1 ? existing.email : (profile.email ?? existing.email),
      provider_image_url: providerImage,
      profile_image_url: existing.photo_choice === "provider" ? providerImage : existing.profile_image_url,
      updated_at: at,
      ...nameKeyColumns(`${firstName} ${lastName}`, fold),
    })
    .where("id", "=", existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Whether a registered hunter's display name folds like `key` (either
 * folding matches). Hunters whose name was not folded yet (rows from before
 * the folded columns, or written without `fold`) are folded first with
 * `fold`, which is given their display name.
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

/**
 * The hunter whose own confirmed address is `email` (given in lower case):
 * one who confirmed it on their account page or signed in with a code sent
 * to it. A provider's address is not confirmed by us, so it never matches.
 * The oldest such hunter, should two have confirmed the same address.
 */
export async function findHunterByConfirmedEmail(db: Executor, email: string): Promise<{ id: number; first_name: string } | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "first_name"])
    .where("email_chosen", "=", 1)
    .where(sql<string>`lower(email)`, "=", email)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Makes `email` the hunter's own confirmed address (a sign-in by provider no longer replaces it). */
export async function setConfirmedEmail(db: Executor, userId: number, email: string, now = new Date()): Promise<void> {
  await db
    .updateTable("users")
    .set({ email, email_chosen: 1, updated_at: nowIso(now) })
    .where("id", "=", userId)
    .execute();
}

/** Records the language a hunter chose for the hunt's words to them (its emails); null forgets the choice. */
export async function setUserLanguage(db: Executor, userId: number, language: Language | null, now = new Date()): Promise<void> {
  await db
    .updateTable("users")
    .set({ language, updated_at: nowIso(now) })
    .where("id", "=", userId)
    .execute();
}

/** The language a hunter chose, or null when they never chose one (or the stored one is no longer spoken). */
export async function userLanguage(db: Executor, userId: number): Promise<Language | null> {
  const row = await db.selectFrom("users").select("language").where("id", "=", userId).executeTakeFirst();
  return isLanguage(row?.language, ALL_LANGUAGES) ? row.language : null;
}

/** Gives a hunter whose provider sent no first name the name "Hunter" (with its folded key for uniqueness checks). */
export async function setDefaultFirstName(db: Executor, userId: number, key: FoldedName): Promise<void> {
  await db
    .updateTable("users")
    .set({ first_name: "Hunter", name_key_lower: key.lower, name_key_upper: key.upper })
    .where("id", "=", userId)
    .execute();
}

/** A hunter as a privacy request names them: who they are and how they signed in. */
export async function hunterForRequest(db: Executor, userId: number) {
  return db.selectFrom("users").select(["id", "first_name", "last_name", "email", "provider"]).where("id", "=", userId).executeTakeFirst();
}

/** How many discoveries, comments and likes a hunter has, so a deletion can say exactly what goes. */
export async function contributionCounts(db: Executor, userId: number) {
  const count = async (table: "discoveries" | "comments" | "likes") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [discoveries, comments, likes] = await Promise.all([count("discoveries"), count("comments"), count("likes")]);
  return { discoveries, comments, likes };
}

/** The account page's view of a hunter's name and picture. */
export async function profileOf(db: Executor, userId: number) {
  return db
    .selectFrom("users")
    .select([
      "first_name",
      "last_name",
      "profile_image_url",
      "provider_image_url",
      "photo_choice",
      "photo_key",
      "name_key_lower",
      "name_key_upper",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Sets the display name a hunter chose (with its folded key), which sign-ins then leave alone. */
export async function setDisplayName(
  db: Executor,
  userId: number,
  name: { firstName: string; lastName: string },
  key: FoldedName,
  now = new Date(),
) {
  await db
    .updateTable("users")
    .set({
      first_name: name.firstName,
      last_name: name.lastName,
      name_key_lower: key.lower,
      name_key_upper: key.upper,
      name_chosen: 1,
      updated_at: nowIso(now),
    })
    .where("id", "=", userId)
    .execute();
}

/**
 * Sets which picture a hunter shows: the provider's, an uploaded one (its
 * stored key and address) or none. Answers the key of the uploaded picture
 * it replaced, for the caller to delete from storage once this is saved.
 */
export async function setProfilePhoto(
  db: Kysely<Database>,
  userId: number,
  choice: { kind: "provider" } | { kind: "none" } | { kind: "upload"; key: string; url: string },
  now = new Date(),
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("users")
      .select(["photo_key", "provider_image_url"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("users")
      .set({
        photo_choice: choice.kind,
        photo_key: choice.kind === "upload" ? choice.key : null,
        profile_image_url: choice.kind === "upload" ? choice.url : choice.kind === "provider" ? before.provider_image_url : null,
        updated_at: nowIso(now),
      })
      .where("id", "=", userId)
      .execute();
    return before.photo_key !== null && before.photo_key !== (choice.kind === "upload" ? choice.key : null) ? before.photo_key : null;
  });
}

/** A hunter's account and its own profile photo's key, if the account exists. */
export function findAccount(db: Executor, userId: number) {
  return db.selectFrom("users").select(["id", "photo_key"]).where("id", "=", userId).executeTakeFirst();
}

/**
 * Deletes a hunter's account row in one transaction, with their flags,
 * uploads in progress and report keys (docs/decisions/020-account-deletion.md).
 */
export async function deleteAccountRows(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("flags").where("user_id", "=", userId).execute();
    await trx.deleteFrom("temp_uploads").where("owner_user_id", "=", userId).execute();
    await trx.deleteFrom("idempotency_keys").where("scope", "=", `user:${userId}`).execute();
    // Sessions, notifications, watches, missing reports, milestones, email changes and figures go with the row (ON DELETE CASCADE).
    await trx.deleteFrom("users").where("id", "=", userId).execute();
  });
}
