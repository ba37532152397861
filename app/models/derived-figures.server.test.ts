import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import type { ResolvedLocation } from "~/services/geo.server";
import { backfillGeography, deleteDiscovery, updateDiscoveryText } from "./discoveries.server";
import { recountDerivedFigures } from "./derived-figures.server";

const t = testDbPerTest();

/** Every stored figure derived from discoveries, in a stable order. */
async function storedFigures() {
  const { db } = t;
  const [jimmys, journeys, jimmyPlaces, huntPlaces, totals, hunters, hunterFigures, milestones] = await Promise.all([
    db
      .selectFrom("jimmys")
      .select([
        "id",
        "status",
        "discovery_count",
        "first_discovery_at",
        "last_discovery_at",
        "latitude",
        "longitude",
        "location",
        "located_at",
        "location_approximate",
      ])
      .orderBy("id")
      .execute(),
    db.selectFrom("jimmy_journeys").selectAll().orderBy("jimmy_id").execute(),
    db.selectFrom("jimmy_places").selectAll().orderBy("jimmy_id").orderBy("place_key").execute(),
    db.selectFrom("hunt_places").selectAll().orderBy("place_key").execute(),
    db.selectFrom("hunt_totals").select(["id", "discovery_count"]).execute(),
    db.selectFrom("hunter_activity").selectAll().orderBy("user_id").execute(),
    db.selectFrom("hunter_figures").selectAll().orderBy("user_id").execute(),
    db
      .selectFrom("jimmy_milestones")
      .select(["jimmy_id", "kind", "value", "discovery_id", "user_id", "reached_at"])
      .orderBy("jimmy_id")
      .orderBy("kind")
      .orderBy("value")
      .execute(),
  ]);
  // PostgreSQL answers counts as strings in some columns; compare numbers.
  const numbers = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v])),
    );
  return {
    jimmys: numbers(jimmys),
    journeys: numbers(journeys),
    jimmyPlaces: numbers(jimmyPlaces),
    huntPlaces: numbers(huntPlaces),
    totals: numbers(totals),
    hunters: numbers(hunters),
    hunterFigures: numbers(hunterFigures),
    milestones: numbers(milestones),
  };
}

/** The stored figures equal a from-scratch recount over every discovery. */
async function expectFiguresExact() {
  const stored = await storedFigures();
  await recountDerivedFigures(t.db);
  expect(stored).toEqual(await storedFigures());
}

const AUSTIN: ResolvedLocation = { latitude: 30.2672, longitude: -97.7431, approximate: true, city: "Austin", region: "TX", country: "US" };
const PARIS: ResolvedLocation = { latitude: 48.8566, longitude: 2.3522, approximate: true, city: "Paris", region: null, country: "FR" };
const NOWHERE: ResolvedLocation = { latitude: null, longitude: null, approximate: false, city: null, region: null, country: null };
const at = (day: number) => new Date(Date.UTC(2026, 5, 1 + day)).toISOString();

async function twoJourneys() {
  const [a, b] = [await makeUser(t.db), await makeUser(t.db)];
  const [j1, j2] = [await makeJimmy(t.db, 1), await makeJimmy(t.db, 2)];
  const first = await makeDiscovery(t.db, {
    jimmyId: j1.id,
    userId: a.id,
    createdAt: at(0),
    isFirst: true,
    location: "Austin, TX",
    ...austin(),
  });
  const second = await makeDiscovery(t.db, { jimmyId: j1.id, userId: b.id, createdAt: at(1), location: "Paris", ...paris() });
  const third = await makeDiscovery(t.db, {
    jimmyId: j2.id,
    userId: b.id,
    createdAt: at(2),
    isFirst: true,
    location: "Austin, TX",
    ...austin(),
  });
  return { a, b, j1, j2, first, second, third };
}
const asInput = ({ approximate, ...rest }: ResolvedLocation) => ({ ...rest, locationApproximate: approximate });
const austin = () => asInput(AUSTIN);
const paris = () => asInput(PARIS);

describe("every writer of discoveries keeps the derived figures exact", () => {
  it("recording a discovery", async () => {
    await twoJourneys();
    await expectFiguresExact();
    expect((await t.db.selectFrom("hunt_totals").select("discovery_count").executeTakeFirstOrThrow()).discovery_count).toBe(3);
  });

  it("deleting a discovery, its hunter's last one included", async () => {
    const { first, second, a } = await twoJourneys();
    await deleteDiscovery(t.db, first.id);
    await expectFiguresExact();
    expect(await t.db.selectFrom("hunter_activity").select("user_id").where("user_id", "=", a.id).execute()).toEqual([]);
    await deleteDiscovery(t.db, second.id);
    await expectFiguresExact();
  });

  it("editing a discovery's place", async () => {
    const { second, third } = await twoJourneys();
    await updateDiscoveryText(t.db, second.id, { caption: "Moved", location: "Austin, TX", place: AUSTIN });
    await expectFiguresExact();
    await updateDiscoveryText(t.db, third.id, { caption: "Nowhere", location: "x", place: NOWHERE });
    await expectFiguresExact();
    expect((await t.db.selectFrom("hunt_places").select("place_key").execute()).map((r) => r.place_key)).toEqual(["Austin|TX|US"]);
  });

  it("the geography backfill", async () => {
    const { second } = await twoJourneys();
    // Written before places were derived: the backfill resolves it to Paris.
    await updateDiscoveryText(t.db, second.id, { caption: "Old", location: "Paris", place: NOWHERE });
    await backfillGeography(t.db, async ({ location }) => (location === "Paris" ? PARIS : AUSTIN));
    await expectFiguresExact();
    expect((await t.db.selectFrom("hunt_places").select("place_key").orderBy("place_key").execute()).map((r) => r.place_key)).toEqual([
      "Austin|TX|US",
      "Paris||FR",
    ]);
  });
});

it("stay exact through a long random sequence of writes", async () => {
  let seed = 21;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((seed / 2 ** 31) * n);
  };
  const places = [AUSTIN, PARIS, NOWHERE, { ...AUSTIN, city: "Round Rock", latitude: 30.5 }];
  const users = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
  const jimmys = [await makeJimmy(t.db, 1), await makeJimmy(t.db, 2), await makeJimmy(t.db, 3)];
  const ids: number[] = [];
  const done = [0, 0, 0];
  for (let step = 0; step < 60; step++) {
    const action = ids.length === 0 ? 0 : random(4);
    done[Math.max(0, action - 1)]!++;
    if (action <= 1) {
      const jimmy = jimmys[random(jimmys.length)]!;
      const place = places[random(places.length)]!;
      const row = await makeDiscovery(t.db, {
        jimmyId: jimmy.id,
        userId: users[random(users.length)]!.id,
        createdAt: at(random(90)),
        location: place.city,
        ...asInput(place),
      });
      ids.push(row.id);
    } else if (action === 2) {
      const [id] = ids.splice(random(ids.length), 1);
      await deleteDiscovery(t.db, id!);
    } else {
      const place = places[random(places.length)]!;
      await updateDiscoveryText(t.db, ids[random(ids.length)]!, { caption: `Step ${step}`, location: place.city, place });
    }
    if (step % 15 === 14) await expectFiguresExact();
  }
  // The sequence did record, delete and edit, each several times.
  expect(done.every((n) => n >= 5)).toBe(true);
});

it("stay exact when writers touching the same hunters run at once (on PostgreSQL, without waiting on each other in a circle)", async () => {
  const users = [await makeUser(t.db), await makeUser(t.db)];
  const jimmys = [await makeJimmy(t.db, 1), await makeJimmy(t.db, 2), await makeJimmy(t.db, 3), await makeJimmy(t.db, 4)];
  const places = [AUSTIN, PARIS, NOWHERE];
  const existing = [];
  for (let i = 0; i < 8; i++) {
    existing.push(
      await makeDiscovery(t.db, {
        jimmyId: jimmys[i % 4]!.id,
        userId: users[i % 2]!.id,
        createdAt: at(i),
        isFirst: i < 4,
        location: "Austin, TX",
        ...austin(),
      }),
    );
  }
  // Reports, edits and deletes (of first discoveries too, moving the mark to the other hunter) all at once.
  await Promise.all([
    ...Array.from({ length: 8 }, (_, i) =>
      makeDiscovery(t.db, {
        jimmyId: jimmys[(i + 1) % 4]!.id,
        userId: users[i % 2]!.id,
        createdAt: at(20 + i),
        ...asInput(places[i % 3]!),
      }),
    ),
    ...existing
      .slice(4)
      .map((d, i) => updateDiscoveryText(t.db, d.id, { caption: "Moved", location: "Paris", place: places[(i + 1) % 3]! })),
    ...existing.slice(0, 2).map((d) => deleteDiscovery(t.db, d.id)),
  ]);
  await expectFiguresExact();
  const figures = await t.db.selectFrom("hunter_figures").select("discovery_count").execute();
  expect(figures.reduce((sum, f) => sum + Number(f.discovery_count), 0)).toBe(14);
});

it("no code outside the discoveries and likes models writes the discoveries table", () => {
  // Every write goes through a model function that calls afterDiscoveriesChanged
  // (likes, and the seed's recount of likes, only touch like_count, which no
  // derived figure reads; the benchmark's bulk load recounts every figure after it).
  const allowed = new Set(["app/models/discoveries.server.ts", "app/models/likes.server.ts"]);
  const root = path.resolve(__dirname, "../..");
  const writers: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(path.join(root, file), "utf8");
        if (/(insertInto|updateTable|deleteFrom)\(\s*"discoveries"|(insert into|update|delete from)\s+discoveries\b/i.test(text))
          writers.push(file);
      }
    }
  };
  for (const dir of ["app", "server", "scripts", "db/seed"]) if (fs.existsSync(path.join(root, dir))) walk(dir);
  expect(writers.filter((file) => !allowed.has(file.split(path.sep).join("/"))).sort()).toEqual([
    "db/seed/seed.ts",
    "scripts/bench/data.ts",
  ]);
});
