import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { deleteDiscovery, updateDiscoveryText } from "./discoveries.server";
import { searchDiscoveries, searchHunters } from "./search.server";
import { upsertUserFromProvider } from "./users.server";
import { photoUrls } from "~/infra/storage.server";

const t = testDbPerTest();

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const ids = async (query: string, options?: { before?: number | null; limit?: number }) =>
  (await searchDiscoveries(t.db, photoUrls(), query, options)).discoveries.map((d) => d.id);

async function seed() {
  const jose = await makeUser(t.db, "José", "Núñez");
  const ana = await makeUser(t.db, "Ana", "Smith");
  const jimmy = await makeJimmy(t.db, 7);
  const chicago = await makeDiscovery(t.db, {
    jimmyId: jimmy.id,
    userId: ana.id,
    createdAt: at(1),
    isFirst: true,
    location: "Millennium Park",
    city: "Chicago",
    region: "IL",
    country: "US",
    caption: "Under the bean",
  });
  const paris = await makeDiscovery(t.db, {
    jimmyId: jimmy.id,
    userId: jose.id,
    createdAt: at(2),
    location: "Gare de Lyon",
    city: "Paris",
    country: "FR",
    caption: "Dans un café près de la gare",
  });
  const austin = await makeDiscovery(t.db, {
    jimmyId: jimmy.id,
    userId: ana.id,
    createdAt: at(3),
    location: "Austin, TX",
    caption: "By the river, behind a bench",
  });
  return { jose, ana, jimmy, chicago: chicago.id, paris: paris.id, austin: austin.id };
}

describe("searchDiscoveries", () => {
  it("finds discoveries by place, caption and hunter's name, newest first, with what a card shows", async () => {
    const s = await seed();
    expect(await ids("chicago")).toEqual([s.chicago]);
    expect(await ids("Millennium park")).toEqual([s.chicago]);
    expect(await ids("FR")).toEqual([s.paris]);
    expect(await ids("bench")).toEqual([s.austin]);
    expect(await ids("ana")).toEqual([s.austin, s.chicago]);
    expect(await ids("Ana Smith river")).toEqual([s.austin]);
    expect(await ids("paris river")).toEqual([]);
    const [card] = (await searchDiscoveries(t.db, photoUrls(), "bean")).discoveries;
    expect(card).toMatchObject({
      id: s.chicago,
      caption: "Under the bean",
      // As its finder typed it; the derived city is what the search matched.
      place: "Millennium Park",
      city: "Chicago",
      createdAt: at(1),
      user: { id: s.ana.id, firstName: "Ana", lastName: "Smith" },
      jimmy: { serialNumber: 7 },
    });
    expect(card!.photo.src).toBeTruthy();
  });

  it("reads the last word as the start of a word too", async () => {
    const s = await seed();
    expect(await ids("chic")).toEqual([s.chicago]);
    expect(await ids("gare ly")).toEqual([s.paris]);
    // Only the last word: "chic" in the middle must be the whole word.
    expect(await ids("chic bean")).toEqual([]);
  });

  it("ignores accents, both in the discoveries and in the query", async () => {
    const s = await seed();
    expect(await ids("jose nunez")).toEqual([s.paris]);
    expect(await ids("JOSÉ")).toEqual([s.paris]);
    expect(await ids("cafe pres")).toEqual([s.paris]);
    expect(await ids("Café")).toEqual([s.paris]);
  });

  it.each([
    `"`,
    `""`,
    "AND (",
    "*",
    "chicago*",
    "NEAR(chicago",
    "chicago OR paris",
    "-chicago",
    "place:chicago",
    "'",
    "\\",
    "a:*|b",
    "^chicago",
    "NOT",
  ])("takes %j as plain words, never as syntax", async (query) => {
    const s = await seed();
    const found = await ids(query);
    // Whatever the words match; the operators themselves never do anything.
    expect(found.every((id) => [s.chicago, s.paris, s.austin].includes(id))).toBe(true);
    if (query === "chicago OR paris") expect(found).toEqual([]);
    if (query === "-chicago" || query === "chicago*" || query === "^chicago") expect(found).toEqual([s.chicago]);
  });

  it("finds nothing for a query without words", async () => {
    await seed();
    expect(await ids("")).toEqual([]);
    expect(await ids("  ... ")).toEqual([]);
  });

  it("follows a hunter's new name", async () => {
    const s = await seed();
    await upsertUserFromProvider(t.db, {
      provider: s.ana.provider,
      subject: s.ana.provider_subject,
      firstName: "Anabel",
      lastName: "Jones",
    });
    expect(await ids("smith")).toEqual([]);
    expect(await ids("anabel jones")).toEqual([s.austin, s.chicago]);
    // A sign-in with the same name changes nothing.
    await upsertUserFromProvider(t.db, {
      provider: s.ana.provider,
      subject: s.ana.provider_subject,
      firstName: "Anabel",
      lastName: "Jones",
    });
    expect(await ids("jones")).toEqual([s.austin, s.chicago]);
  });

  it("follows an edited caption and place, and forgets a deleted discovery", async () => {
    const s = await seed();
    await updateDiscoveryText(t.db, s.austin, {
      caption: "On a windowsill",
      location: "Denver",
      place: { latitude: null, longitude: null, approximate: false, city: "Denver", region: "CO", country: "US" },
    });
    expect(await ids("bench")).toEqual([]);
    expect(await ids("austin")).toEqual([]);
    expect(await ids("windowsill denver")).toEqual([s.austin]);
    await deleteDiscovery(t.db, s.chicago);
    expect(await ids("chicago")).toEqual([]);
    expect(await ids("ana")).toEqual([s.austin]);
  });

  it("pages through many matches by id, each page stopping where the last ended", async () => {
    const user = await makeUser(t.db, "Page", "Turner");
    const jimmy = await makeJimmy(t.db, 1);
    const made: number[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        (await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: at(i), location: "Houston", isFirst: i === 0 })).id,
      );
    }
    await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: at(9), location: "Dallas" });
    const newestFirst = [...made].reverse();
    const first = await searchDiscoveries(t.db, photoUrls(), "houston", { limit: 3 });
    expect(first.discoveries.map((d) => d.id)).toEqual(newestFirst.slice(0, 3));
    expect(first.nextBefore).toBe(newestFirst[2]);
    const second = await searchDiscoveries(t.db, photoUrls(), "houston", { limit: 3, before: first.nextBefore });
    expect(second.discoveries.map((d) => d.id)).toEqual(newestFirst.slice(3, 6));
    const third = await searchDiscoveries(t.db, photoUrls(), "houston", { limit: 3, before: second.nextBefore });
    expect(third.discoveries.map((d) => d.id)).toEqual(newestFirst.slice(6));
    expect(third.nextBefore).toBeNull();
    // Exactly a page left: no further page is offered.
    const exact = await searchDiscoveries(t.db, photoUrls(), "houston", { limit: 1, before: newestFirst[5] });
    expect(exact.nextBefore).toBeNull();
  });
});

describe("searchHunters", () => {
  it("finds hunters who have found a Jimmy by any part of their name, case ignored, most finds first", async () => {
    const s = await seed();
    await makeUser(t.db, "Anakin", "Nofinds");
    const names = async (query: string) => (await searchHunters(t.db, query)).map((h) => `${h.firstName} ${h.lastName} ${h.discoveries}`);
    expect(await names("ana smith")).toEqual(["Ana Smith 2"]);
    expect(await names("SMI")).toEqual(["Ana Smith 2"]);
    // Ana has two finds, José one; Anakin none, so no profile to show.
    expect(await names("n")).toEqual(["Ana Smith 2", "José Núñez 1"]);
    expect(await names("  ")).toEqual([]);
    // LIKE's wildcards are taken as typed.
    expect(await names("%")).toEqual([]);
    expect(await names("a_a")).toEqual([]);
    expect((await searchHunters(t.db, "smith"))[0]!.id).toBe(s.ana.id);
  });
});
