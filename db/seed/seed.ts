import sharp from "sharp";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { DEFAULT_CAPTION } from "~/lib/discoveries";
import { plural } from "~/lib/format";
import { mintJimmys } from "~/models/jimmys.server";
import { afterDiscoveriesChanged } from "~/models/derived-figures.server";
import { addComment } from "~/models/comments.server";
import { recordDiscovery } from "~/models/discoveries.server";
import { upsertUserFromProvider } from "~/models/users.server";
import { resolveLocation } from "~/services/geo.server";
import { storePhoto } from "~/services/images.server";
import { nameKey } from "~/services/names.server";
import type { Storage } from "~/infra/storage.server";
import { ADMIN_COMMENTS, CAPTIONS, COMMENTS, GUEST_NAMES, HOME_CITY, HUNTERS, US_CITIES, WORLD_CITIES, type City } from "./demo-data";
import { avatarSvg, discoveryPictureSvg } from "./picture";

export const DEMO_PROVIDER = "demo";
export const DEMO_MINTED = 64;
export const DEMO_DISCOVERED = 40;

const DAY = 86_400_000;

/** Deterministic pseudo-random numbers, so every seeded database looks the same. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = ReturnType<typeof mulberry32>;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

type PlannedStep = {
  city: City;
  latitude: number | null;
  longitude: number | null;
  location: string | null;
  caption: string;
  hunter: number;
  at: number;
};

/** Journey lengths for the discovered Jimmys: a few long travellers, many short hops (about 250 in all). */
function journeyLengths(rng: Rng): number[] {
  const lengths = [20, 18, 16, 14, 12, 11, 10, 10, 9, 9];
  while (lengths.length < DEMO_DISCOVERED) lengths.push(int(rng, 1, 7));
  return lengths;
}

function planJourney(rng: Rng, serial: number, length: number, now: number): PlannedStep[] {
  const steps: PlannedStep[] = [];
  let city = rng() < 0.6 ? HOME_CITY : pick(rng, US_CITIES);
  // Long journeys go abroad at least once, so the demo has international travellers.
  const forcedAbroad = length >= 9 ? int(rng, 2, length - 1) : -1;
  const spanDays = Math.min(400, 20 + length * int(rng, 8, 20));
  let at = now - spanDays * DAY - int(rng, 0, 20) * DAY;
  for (let i = 0; i < length; i++) {
    if (i > 0) {
      const roll = rng();
      if (i === forcedAbroad || roll < 0.12) city = pick(rng, WORLD_CITIES);
      else if (roll < 0.5) city = pick(rng, US_CITIES);
      at += int(rng, 1, Math.max(2, Math.floor(spanDays / length))) * DAY + int(rng, 0, 86_000) * 1000;
    }
    const shape = rng();
    const hasCoordinates = shape > 0.06;
    const hasText = !(shape > 0.06 && shape < 0.1);
    steps.push({
      city,
      latitude: hasCoordinates ? round6(city.lat + (rng() - 0.5) * 0.06) : null,
      longitude: hasCoordinates ? round6(city.lng + (rng() - 0.5) * 0.06) : null,
      location: hasText ? city.label : null,
      caption: rng() < 0.15 ? DEFAULT_CAPTION : pick(rng, CAPTIONS),
      hunter: int(rng, 0, HUNTERS.length - 1),
      at,
    });
  }
  // Most journeys are still going (their latest discovery is recent, a few
  // within the hour); the rest went quiet weeks or months ago.
  const latest =
    serial % 3 === 2
      ? now - int(rng, 30, 200) * DAY
      : now - (serial % 7 === 0 ? int(rng, 2, 50) * 60_000 : int(rng, 2, 20 * 24) * 3_600_000);
  const shift = steps[steps.length - 1]!.at - latest;
  for (const step of steps) step.at -= shift;
  return steps;
}

function round6(n: number) {
  return Math.round(n * 1e6) / 1e6;
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export type SeedReport = { users: number; jimmysMinted: number; discoveries: number; comments: number; likes: number };

/** The seed's closing line: what it added, each count with its noun in the right number. */
export function describeSeedReport(report: SeedReport): string {
  return [
    plural(report.users, "hunter", "hunters"),
    plural(report.jimmysMinted, "new Jimmy", "new Jimmys"),
    plural(report.discoveries, "new discovery", "new discoveries"),
    plural(report.comments, "new comment", "new comments"),
    plural(report.likes, "new like", "new likes"),
  ].join(", ");
}

/**
 * Loads the demo hunt: hunters, 64 minted Jimmys of which 40 have journeys,
 * comments and likes. Safe to run again: anything already present is kept
 * and nothing is duplicated.
 */
export async function seedDemoData(options: {
  db: Kysely<Database>;
  storage: Storage;
  now?: Date;
  log?: (line: string) => void;
}): Promise<SeedReport> {
  const { db, storage } = options;
  const now = (options.now ?? new Date()).getTime();
  const log = options.log ?? (() => undefined);
  const rng = mulberry32(20250830);
  const report: SeedReport = { users: 0, jimmysMinted: 0, discoveries: 0, comments: 0, likes: 0 };

  const userIds: number[] = [];
  for (const [index, [first, last]] of HUNTERS.entries()) {
    const subject = `hunter-${String(index + 1).padStart(2, "0")}`;
    let profileImageUrl: string | null = null;
    if (index % 2 === 0) {
      const key = `avatars/demo/${subject}.webp`;
      if (!(await storage.head(key))) {
        const avatar = await sharp(Buffer.from(avatarSvg((index * 47) % 360)))
          .webp({ quality: 80 })
          .toBuffer();
        await storage.put(key, avatar, "image/webp");
      }
      profileImageUrl = storage.publicUrl(key);
    }
    const user = await upsertUserFromProvider(
      db,
      { provider: DEMO_PROVIDER, subject, firstName: first, lastName: last, profileImageUrl },
      new Date(now - 800 * DAY),
      nameKey,
    );
    userIds.push(user.id);
  }
  report.users = userIds.length;

  report.jimmysMinted = await mintJimmys(db, 1, DEMO_MINTED, new Date(now - 800 * DAY));
  const jimmys = await db
    .selectFrom("jimmys")
    .select(["id", "serial_number", "discovery_count"])
    .where("serial_number", "<=", DEMO_MINTED)
    .orderBy("serial_number")
    .execute();

  const lengths = journeyLengths(rng);
  // Which serials travel: spread over the range, leaving the rest hidden.
  const travelling = jimmys.filter((_, i) => i % 8 !== 3 && i % 8 !== 6 && i % 8 !== 7).slice(0, DEMO_DISCOVERED);
  const plans = travelling.map((jimmy, i) => ({
    jimmy,
    steps: planJourney(rng, jimmy.serial_number, lengths[i]!, now),
  }));

  const pending = plans.filter((plan) => plan.jimmy.discovery_count === 0);
  const work = pending.flatMap((plan) => plan.steps.map((step, index) => ({ plan, step, index })));
  const photos = new Map<string, Awaited<ReturnType<typeof storePhoto>>>();
  await mapLimit(work, 4, async ({ plan, step, index }) => {
    const svg = discoveryPictureSvg({
      serial: plan.jimmy.serial_number,
      hue: Math.floor((step.city.lat * 37 + step.city.lng * 11 + 720) % 360),
      variant: index + plan.jimmy.serial_number,
    });
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    photos.set(`${plan.jimmy.id}:${index}`, await storePhoto(storage, jpeg));
  });

  const newDiscoveryIds = new Set<number>();
  for (const plan of pending) {
    for (const [index, step] of plan.steps.entries()) {
      // The same geography a real report gets: places from the coordinates, or
      // approximate coordinates from a typed city.
      let place = await resolveLocation({ latitude: step.latitude, longitude: step.longitude, location: step.location });
      // A point scattered across a border (El Paso into Juárez) would contradict
      // its own label: such a demo hunter stood at the city centre instead.
      const named = await resolveLocation({ location: step.city.label });
      if (place.latitude !== null && place.country !== named.country) {
        place = await resolveLocation({ latitude: step.city.lat, longitude: step.city.lng, location: step.location });
      }
      const { id } = await recordDiscovery(db, {
        jimmyId: plan.jimmy.id,
        userId: userIds[step.hunter]!,
        photo: photos.get(`${plan.jimmy.id}:${index}`)!,
        caption: step.caption,
        location: step.location,
        latitude: place.latitude,
        longitude: place.longitude,
        locationApproximate: place.approximate,
        city: place.city,
        region: place.region,
        country: place.country,
        isFirst: index === 0,
        createdAt: new Date(step.at).toISOString(),
      });
      newDiscoveryIds.add(id);
      report.discoveries++;
    }
    log(`Jimmy #${plan.jimmy.serial_number}: ${plural(plan.steps.length, "discovery", "discoveries")}`);
  }

  // A couple of travellers with a status other than "discovered".
  for (const [serial, status] of [
    [travelling[5]?.serial_number, "missing"],
    [travelling[11]?.serial_number, "retired"],
  ] as const) {
    if (serial !== undefined) {
      await db.updateTable("jimmys").set({ status }).where("serial_number", "=", serial).where("status", "=", "discovered").execute();
    }
  }

  // Comments and likes only go with journeys added by this run, so a second run adds nothing.
  for (const plan of pending) {
    const count = int(rng, 0, 6);
    const start = plan.steps[0]!.at;
    for (let i = 0; i < count; i++) {
      const at = new Date(Math.min(now - 60_000, start + rng() * (now - start))).toISOString();
      const kind = rng();
      const hunter = int(rng, 0, HUNTERS.length - 1);
      const [first, last] = HUNTERS[hunter]!;
      const base = { jimmyId: plan.jimmy.id, createdAt: at, isAdmin: false, userId: null, authorName: null };
      if (kind < 0.15) {
        await addComment(db, { ...base, isAdmin: true, content: pick(rng, ADMIN_COMMENTS) });
      } else if (kind < 0.35) {
        await addComment(db, { ...base, content: pick(rng, COMMENTS) });
      } else if (kind < 0.5) {
        await addComment(db, { ...base, authorName: pick(rng, GUEST_NAMES), content: pick(rng, COMMENTS) });
      } else {
        await addComment(db, { ...base, userId: userIds[hunter]!, authorName: `${first} ${last}`, content: pick(rng, COMMENTS) });
      }
      report.comments++;
    }
  }

  const discoveries = await db
    .selectFrom("discoveries")
    .innerJoin("jimmys", "jimmys.id", "discoveries.jimmy_id")
    .select(["discoveries.id", "discoveries.user_id", "discoveries.created_at"])
    .where("jimmys.serial_number", "<=", DEMO_MINTED)
    .orderBy("discoveries.id")
    .execute();
  for (const discovery of discoveries) {
    if (!newDiscoveryIds.has(discovery.id)) continue;
    const likers = new Set<number>();
    const wanted = int(rng, 0, 12);
    for (let i = 0; i < wanted; i++) {
      const liker = userIds[int(rng, 0, userIds.length - 1)]!;
      if (liker !== discovery.user_id) likers.add(liker);
    }
    if (likers.size === 0) continue;
    const result = await db
      .insertInto("likes")
      .values([...likers].map((user_id) => ({ discovery_id: discovery.id, user_id, created_at: discovery.created_at })))
      .onConflict((oc) => oc.columns(["discovery_id", "user_id"]).doNothing())
      .executeTakeFirst();
    report.likes += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  await db
    .updateTable("discoveries")
    .set((eb) => ({
      like_count: eb
        .selectFrom("likes")
        .select((l) => l.fn.countAll<number>().as("n"))
        .whereRef("likes.discovery_id", "=", "discoveries.id"),
    }))
    .execute();

  await db.transaction().execute((trx) => afterDiscoveriesChanged(trx, { jimmyIds: plans.map((plan) => plan.jimmy.id), hunterIds: [] }));
  return report;
}
