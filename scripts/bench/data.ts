/**
 * A large, realistic data set for the benchmark, written straight into
 * SQLite through prepared statements in one transaction per batch (going
 * through the HTTP app would take hours at a million discoveries). Every
 * figure derived from the discoveries is then counted by the app's own model
 * code (recountDerivedFigures), so the pages read exactly what production
 * writes would have left; the search index is filled by its own triggers as
 * the rows go in.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { mulberry32 } from "#db/seed/seed";
import { US_CITIES, WORLD_CITIES } from "#db/seed/demo-data";
import { recountDerivedFigures } from "~/models/derived-figures.server";
import { migrateToLatest, openSqlite } from "~/infra/db.server";
import { resolveLocation, type ResolvedLocation } from "~/services/geo.server";
import { storePhoto, type StoredPhoto } from "~/services/images.server";
import { LocalDiskStorage } from "~/infra/storage.server";

type Place = { label: string; resolved: ResolvedLocation };

const CAPTIONS = [
  "Found him tucked behind the menu board!",
  "Spotted on a bench by the river.",
  "He was hiding in the planter outside the library.",
  "Passing him on to the next hunter.",
  "Couldn't believe my eyes, right by the bus stop.",
];

/** The caption of five discoveries at every size, spread over the history: a word search rarely meets (scripts/bench/search.ts). */
export const RARE_CAPTION = "Perched on a periscope at the harbour!";
const RARE_EVERY = 5;

/** A photo-like picture: smooth colour variation with fine grain, so WebP sizes are realistic (not a flat test card). */
async function photoLikeJpeg(seed: number): Promise<Buffer> {
  const rng = mulberry32(seed);
  const blobs = await sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: 40 + rng() * 180, g: 40 + rng() * 180, b: 40 + rng() * 180 },
      noise: { type: "gaussian", mean: 120, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const smooth = await sharp(blobs).resize(2048, 1536, { kernel: "cubic" }).blur(6).raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: { width: 2048, height: 1536, channels: 3, background: "#000", noise: { type: "gaussian", mean: 0, sigma: 14 } },
  })
    .raw()
    .toBuffer();
  const pixels = smooth.data;
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.min(255, Math.max(0, pixels[i]! + grain[i]! - 7));
  return sharp(pixels, { raw: { width: 2048, height: 1536, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Renders the photos the discoveries share, every variant a real WebP file under `photosDir`. */
export async function renderBenchPhotos(photosDir: string, count: number): Promise<StoredPhoto[]> {
  const storage = new LocalDiskStorage(photosDir);
  const photos: StoredPhoto[] = [];
  for (let i = 0; i < count; i++) photos.push(await storePhoto(storage, await photoLikeJpeg(i + 1)));
  return photos;
}

export type BenchDataOptions = {
  databasePath: string;
  jimmys: number;
  hunters: number;
  discoveries: number;
  photos: StoredPhoto[];
  /** Extra Jimmys, one per entry, each found this many times around the world: journeys of known length. */
  travellers?: number[];
};

/** Two years of history, whatever the size: the newest discovery is a minute old. */
const HISTORY_MS = 730 * 86_400_000;

/**
 * Writes a complete data set: hunters, Jimmys (each with a few comments) and
 * discoveries spread over every Jimmy, oldest first, then has the app
 * recompute every Jimmy's figures and the hunt's totals.
 */
export async function buildBenchData(
  options: BenchDataOptions,
): Promise<{ typicalSerial: number; shortSerial: number; travellerSerials: number[]; seconds: number }> {
  const started = Date.now();
  const db = openSqlite(options.databasePath);
  await migrateToLatest(db);
  const raw = new Database(options.databasePath);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  const rng = mulberry32(20261122);
  const now = Date.now();
  const places = await benchPlaces();
  const stamp = new Date(now - HISTORY_MS).toISOString();
  const spacing = HISTORY_MS / options.discoveries;

  raw.transaction(() => {
    const user = raw.prepare(
      "insert into users (provider, provider_subject, first_name, last_name, email, profile_image_url, created_at, updated_at) values ('bench', ?, ?, ?, null, null, ?, ?)",
    );
    for (let i = 1; i <= options.hunters; i++) user.run(`hunter-${i}`, `Hunter${i}`, "Bench", stamp, stamp);
    const jimmy = raw.prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?)");
    for (let serial = 1; serial <= options.jimmys; serial++) jimmy.run(serial, `Jimmy #${serial}`, stamp);
    const comment = raw.prepare(
      "insert into comments (jimmy_id, user_id, author_name, is_admin, content, created_at) values (?, ?, null, 0, 'Great find, keep him moving!', ?)",
    );
    for (let jimmyId = 1; jimmyId <= options.jimmys; jimmyId++) {
      for (let c = 0; c < 3; c++) comment.run(jimmyId, 1 + Math.floor(rng() * options.hunters), stamp);
    }
    raw.prepare("update jimmys set comment_count = 3").run();

    const insert = raw.prepare(
      `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, latitude, longitude,
         location_approximate, city, region, country, is_first, like_count, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    );
    /** The `i`-th discovery of a run, by a random hunter, with the photo and caption for `i` and up to `maxLikes - 1` likes. */
    const rareStep = Math.floor(options.discoveries / RARE_EVERY);
    const addDiscovery = (jimmyId: number, i: number, place: Place, isFirst: boolean, maxLikes: number, at: number, caption?: string) => {
      const photo = options.photos[i % options.photos.length]!;
      insert.run(
        jimmyId,
        1 + Math.floor(rng() * options.hunters),
        photo.key,
        photo.width,
        photo.height,
        photo.variants.join(","),
        caption ?? CAPTIONS[i % CAPTIONS.length]!,
        place.label,
        place.resolved.latitude,
        place.resolved.longitude,
        place.resolved.city,
        place.resolved.region,
        place.resolved.country,
        isFirst ? 1 : 0,
        maxLikes > 0 ? Math.floor(rng() * maxLikes) : 0,
        new Date(at).toISOString(),
      );
    };
    for (let i = 0; i < options.discoveries; i++) {
      // Every Jimmy is found once early on, then discoveries spread over all of
      // them; one in 50 goes to Jimmy #1, the hunt's long traveller, whose
      // timeline grows with the data while its page still shows 20.
      const jimmyId = i < options.jimmys ? i + 1 : i % 50 === 0 ? 1 : 1 + Math.floor(rng() * options.jimmys);
      const place = places[Math.floor(rng() * places.length)]!;
      const caption = rareStep > 0 && i % rareStep === rareStep - 1 ? RARE_CAPTION : undefined;
      addDiscovery(jimmyId, i, place, i < options.jimmys, 12, now - 60_000 - (options.discoveries - 1 - i) * spacing, caption);
    }

    // The travellers: Jimmys after the others, each stop a different place from the last.
    (options.travellers ?? []).forEach((stops, t) => {
      const serial = options.jimmys + t + 1;
      const jimmyId = Number(jimmy.run(serial, `Jimmy #${serial}`, stamp).lastInsertRowid);
      let place = places[0]!;
      for (let i = 0; i < stops; i++) {
        let next = places[Math.floor(rng() * places.length)]!;
        while (next === place) next = places[Math.floor(rng() * places.length)]!;
        place = next;
        addDiscovery(jimmyId, i, place, i === 0, 0, now - HISTORY_MS + ((i + 0.5) / stops) * (HISTORY_MS - 120_000));
      }
    });
  })();

  // The rows went in as plain SQL: every figure derived from them is counted once.
  await recountDerivedFigures(db);
  raw.exec("analyze");
  raw.pragma("wal_checkpoint(TRUNCATE)");
  const typical = raw
    .prepare(
      "select serial_number from jimmys where discovery_count >= (select avg(discovery_count) from jimmys) order by discovery_count, serial_number limit 1",
    )
    .get() as { serial_number: number } | undefined;
  const short = raw
    .prepare("select serial_number from jimmys where discovery_count > 0 order by discovery_count, serial_number limit 1")
    .get() as { serial_number: number } | undefined;
  raw.close();
  await db.destroy();
  return {
    typicalSerial: typical?.serial_number ?? 1,
    shortSerial: short?.serial_number ?? 1,
    travellerSerials: (options.travellers ?? []).map((_, t) => options.jimmys + t + 1),
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * A small hunt for measuring one page (200 Jimmys, 400 hunters, 4,000
 * discoveries, three photos) in a new directory under the system's temporary
 * one: its `data` directory is what startApp serves.
 */
export async function buildSmallBenchData(prefix: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const photosDir = path.join(work, "data", "photos");
  fs.mkdirSync(photosDir, { recursive: true });
  const photos = await renderBenchPhotos(photosDir, 3);
  const built = await buildBenchData({
    databasePath: path.join(work, "data", "jimmy-hunt.sqlite"),
    jimmys: 200,
    hunters: 400,
    discoveries: 4000,
    photos,
  });
  return { ...built, work, dataDir: path.join(work, "data") };
}

let placesOnce: Promise<Place[]> | undefined;
function benchPlaces(): Promise<Place[]> {
  placesOnce ??= Promise.all(
    [...US_CITIES, ...WORLD_CITIES].map(async (city) => ({
      label: city.label,
      resolved: await resolveLocation({ latitude: city.lat, longitude: city.lng }),
    })),
  );
  return placesOnce;
}

/**
 * A hunt of `jimmys` Jimmys, each last seen somewhere in or around one of the
 * demo's cities (spread over about 30 km, as Jimmys hidden across a town
 * are), for "Hunt near me", which reads only each Jimmy's last position:
 * one Jimmy per discovery is the most positions a hunt of that many
 * discoveries can have. Written straight into SQLite, as buildBenchData does.
 */
export async function buildPositionsData(databasePath: string, jimmys: number): Promise<{ seconds: number }> {
  const started = Date.now();
  const db = openSqlite(databasePath);
  await migrateToLatest(db);
  await db.destroy();
  const raw = new Database(databasePath);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  const rng = mulberry32(20261125);
  const cities = [...US_CITIES, ...WORLD_CITIES];
  const stamp = new Date(Date.now() - 30 * 86_400_000).toISOString();
  raw.transaction(() => {
    const insert = raw.prepare(
      `insert into jimmys (serial_number, name, status, minted_at, discovery_count, first_discovery_at, last_discovery_at,
         latitude, longitude, location, located_at) values (?, ?, 'discovered', ?, 1, ?, ?, ?, ?, ?, ?)`,
    );
    for (let serial = 1; serial <= jimmys; serial++) {
      const city = cities[Math.floor(rng() * cities.length)]!;
      // Denser towards the centre: the sum of two uniform offsets.
      const latitude = city.lat + (rng() + rng() - 1) * 0.15;
      const longitude = city.lng + ((rng() + rng() - 1) * 0.15) / Math.cos((city.lat * Math.PI) / 180);
      insert.run(serial, `Jimmy #${serial}`, stamp, stamp, stamp, latitude, longitude, city.label, stamp);
    }
  })();
  raw.exec("analyze");
  raw.pragma("wal_checkpoint(TRUNCATE)");
  raw.close();
  return { seconds: (Date.now() - started) / 1000 };
}
