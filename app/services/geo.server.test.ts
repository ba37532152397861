import { describe, expect, it } from "vitest";
import { normaliseName, resolveLocation, resolvePublishedPlace, UnknownPlaceError } from "./geo.server";

const at = (latitude: number, longitude: number) => resolveLocation({ latitude, longitude });

describe("places from coordinates", () => {
  it("names the city, US state and country of well-known points", async () => {
    expect(await at(30.2672, -97.7431)).toEqual({
      latitude: 30.2672,
      longitude: -97.7431,
      approximate: false,
      city: "Austin",
      region: "TX",
      country: "US",
    });
    expect(await at(48.8566, 2.3522)).toMatchObject({ city: "Paris", region: null, country: "FR" });
    expect(await at(51.5074, -0.1278)).toMatchObject({ city: "London", region: null, country: "GB" });
    expect(await at(35.6762, 139.6503)).toMatchObject({ city: "Tokyo", region: null, country: "JP" });
    expect(await at(38.8977, -77.0365)).toMatchObject({ city: "Washington, D.C.", region: "DC", country: "US" });
  });

  it("names a point in a big city after that city, not after a small neighbour whose centre is nearer", async () => {
    // 3 km north-west of downtown Austin, closer to the centre of West Lake Hills (pop. 3,000) than to Austin's.
    expect(await at(30.297, -97.773)).toMatchObject({ city: "Austin", region: "TX" });
    // Midtown Manhattan: GeoNames' neighbourhoods are not cities.
    expect(await at(40.7549, -73.984)).toMatchObject({ city: "New York City", region: "NY" });
  });

  it("rolls the parts of a city up to the city: Mexico City's alcaldías, London's boroughs, Paris's arrondissements, New York's boroughs", async () => {
    const parts: Array<{
      place: { city: string; region?: string; country?: string };
      points: Array<[latitude: number, longitude: number]>;
    }> = [
      {
        // Mexico City: Cuauhtémoc (the point), the Zócalo, Coyoacán, Iztapalapa, Tlalpan.
        place: { city: "Mexico City" },
        points: [
          [19.4423, -99.1451],
          [19.4326, -99.1332],
          [19.35, -99.162],
          [19.3553, -99.0622],
          [19.2951, -99.1621],
        ],
      },
      {
        // London: Camden Town, Westminster, the City, Islington, Greenwich, Croydon.
        place: { city: "London" },
        points: [
          [51.539, -0.1426],
          [51.4975, -0.1357],
          [51.5155, -0.0922],
          [51.5362, -0.103],
          [51.4826, -0.0077],
          [51.3762, -0.0982],
        ],
      },
      {
        // Paris: the 1st, 11th, 16th and 20th arrondissements.
        place: { city: "Paris" },
        points: [
          [48.8606, 2.3376],
          [48.8589, 2.3794],
          [48.8603, 2.262],
          [48.8646, 2.3984],
        ],
      },
      {
        // New York: Brooklyn, Queens, Manhattan, the Bronx, Staten Island, Astoria.
        place: { city: "New York City", region: "NY", country: "US" },
        points: [
          [40.6782, -73.9442],
          [40.7282, -73.7949],
          [40.7831, -73.9712],
          [40.8448, -73.8648],
          [40.5795, -74.1502],
          [40.7644, -73.9235],
        ],
      },
    ];
    for (const { place, points } of parts) {
      for (const [lat, lon] of points) expect(await at(lat, lon), `${lat}, ${lon}`).toMatchObject(place);
    }
  });

  it("keeps the towns just outside those cities as towns of their own", async () => {
    // Nezahualcóyotl is in the State of Mexico; Watford and Borehamwood in Hertfordshire; Jersey City and Yonkers outside New York City.
    expect(await at(19.4006, -99.0148)).toMatchObject({ city: "Ciudad Nezahualcoyotl", country: "MX" });
    expect(await at(51.6565, -0.3903)).toMatchObject({ city: "Watford", country: "GB" });
    expect(await at(51.6578, -0.2723)).toMatchObject({ city: "Borehamwood", country: "GB" });
    expect(await at(40.7178, -74.0431)).toMatchObject({ city: "Jersey City", region: "NJ" });
    expect(await at(40.9312, -73.8988)).toMatchObject({ city: "Yonkers", region: "NY" });
    expect(await at(48.8352, 2.2409)).toMatchObject({ city: "Boulogne-Billancourt", country: "FR" });
  });

  it("names a point just off the coast after the city on the shore", async () => {
    // Lower New York Bay off Coney Island, and the Pacific off San Francisco's Ocean Beach.
    expect(await at(40.56, -73.98)).toMatchObject({ city: "New York City", region: "NY", country: "US" });
    expect(await at(37.76, -122.53)).toMatchObject({ city: "San Francisco", region: "CA", country: "US" });
  });

  it("follows the country border between El Paso and Juárez, and Detroit and Windsor", async () => {
    expect(await at(31.7587, -106.4869)).toMatchObject({ city: "El Paso", region: "TX", country: "US" });
    expect(await at(31.72, -106.46)).toMatchObject({ city: "Juárez", region: null, country: "MX" });
    expect(await at(42.3314, -83.0458)).toMatchObject({ city: "Detroit", region: "MI", country: "US" });
    expect(await at(42.3149, -83.0364)).toMatchObject({ city: "Windsor", region: null, country: "CA" });
  });

  it("follows the state line through Texarkana", async () => {
    expect(await at(33.43, -94.06)).toMatchObject({ city: "Texarkana", region: "TX", country: "US" });
    expect(await at(33.43, -94.03)).toMatchObject({ city: "Texarkana", region: "AR", country: "US" });
  });

  it("knows no city in the open ocean or far from any town", async () => {
    expect(await at(35, -40)).toMatchObject({ city: null, region: null, country: null });
    expect(await at(-80, 0)).toMatchObject({ city: null, region: null });
  });

  it("ignores coordinates that are missing, partial or out of range", async () => {
    const nothing = { latitude: null, longitude: null, approximate: false, city: null, region: null, country: null };
    expect(await resolveLocation({})).toEqual(nothing);
    expect(await resolveLocation({ latitude: 30.2672, longitude: null })).toEqual(nothing);
    expect(await resolveLocation({ latitude: 95, longitude: 10 })).toEqual(nothing);
    expect(await resolveLocation({ latitude: Number.NaN, longitude: 10 })).toEqual(nothing);
  });

  it("keeps measured coordinates over a typed place", async () => {
    expect(await resolveLocation({ latitude: 48.8566, longitude: 2.3522, location: "Austin, TX" })).toMatchObject({
      latitude: 48.8566,
      longitude: 2.3522,
      approximate: false,
      city: "Paris",
      country: "FR",
    });
  });
});

describe("approximate coordinates from a typed city", () => {
  it("places 'Austin, TX' and 'Paris, France' at their city centres, marked approximate", async () => {
    expect(await resolveLocation({ location: "Austin, TX" })).toEqual({
      latitude: 30.26715,
      longitude: -97.74306,
      approximate: true,
      city: "Austin",
      region: "TX",
      country: "US",
    });
    expect(await resolveLocation({ location: "Paris, France" })).toEqual({
      latitude: 48.85341,
      longitude: 2.3488,
      approximate: true,
      city: "Paris",
      region: null,
      country: "FR",
    });
  });

  it("uses the state or country to choose among cities of the same name, else the largest", async () => {
    expect(await resolveLocation({ location: "Paris, TX" })).toMatchObject({ city: "Paris", region: "TX", country: "US" });
    expect(await resolveLocation({ location: "Paris" })).toMatchObject({ city: "Paris", country: "FR" });
    expect(await resolveLocation({ location: "Springfield, Illinois" })).toMatchObject({ city: "Springfield", region: "IL" });
    expect(await resolveLocation({ location: "San Diego, CA" })).toMatchObject({ city: "San Diego", region: "CA" });
    expect(await resolveLocation({ location: "Toronto, CA" })).toMatchObject({ city: "Toronto", country: "CA" });
    expect(await resolveLocation({ location: "London, United Kingdom" })).toMatchObject({ city: "London", country: "GB" });
    expect(await resolveLocation({ location: "Edinburgh, Scotland" })).toMatchObject({ city: "Edinburgh", country: "GB" });
  });

  it("rolls a typed part of a city up to the city, at the part's centre", async () => {
    expect(await resolveLocation({ location: "Brooklyn, NY" })).toMatchObject({ city: "New York City", region: "NY", approximate: true });
    expect(await resolveLocation({ location: "Coyoacán, Mexico" })).toMatchObject({
      city: "Mexico City",
      country: "MX",
      approximate: true,
    });
    expect(await resolveLocation({ location: "Islington, England" })).toMatchObject({ city: "London", country: "GB", approximate: true });
  });

  it("finds the city inside a longer description, and understands common spellings", async () => {
    expect(await resolveLocation({ location: "Zilker Park, Austin, Texas 78704" })).toMatchObject({
      city: "Austin",
      region: "TX",
      approximate: true,
    });
    expect(await resolveLocation({ location: "new york, ny, usa" })).toMatchObject({ city: "New York City", region: "NY" });
    expect(await resolveLocation({ location: "Washington, DC" })).toMatchObject({ city: "Washington, D.C.", region: "DC" });
    expect(await resolveLocation({ location: "Ciudad Juarez, Mexico" })).toMatchObject({ country: "MX" });
  });

  it("records the state or country of a text that names no city, without coordinates", async () => {
    expect(await resolveLocation({ location: "Texas" })).toEqual({
      latitude: null,
      longitude: null,
      approximate: false,
      city: null,
      region: "TX",
      country: "US",
    });
    expect(await resolveLocation({ location: "Somewhere in France" })).toMatchObject({ latitude: null, country: null });
  });

  it("leaves an unknown place unknown", async () => {
    expect(await resolveLocation({ location: "behind the blue mailbox" })).toMatchObject({
      latitude: null,
      longitude: null,
      city: null,
      country: null,
    });
    expect(await resolveLocation({ location: "Paris, Narnia" })).toMatchObject({ city: null, country: null });
  });
});

describe("name matching", () => {
  it("ignores case, accents and punctuation", () => {
    expect(normaliseName("  Ciudad Juárez ")).toBe("ciudad juarez");
    expect(normaliseName("St. Louis")).toBe("st louis");
  });
});

describe("a place a hunter publishes", () => {
  it("refuses typed text that names nowhere on the gazetteer, saying what it could not find", async () => {
    for (const junk of ["asdf qwerty zzz", "asdfghjkl qwerty", "behind the blue mailbox", "Paris, Narnia"]) {
      const refusal = resolvePublishedPlace({ location: ` ${junk} ` });
      await expect(refusal).rejects.toBeInstanceOf(UnknownPlaceError);
      await expect(refusal).rejects.toThrow(`We couldn't find "${junk}" on the map — add a town or country, or use your current location.`);
    }
    // The edit page has no device location to offer.
    await expect(resolvePublishedPlace({ location: "asdf" }, { canMeasure: false })).rejects.toThrow(
      `We couldn't find "asdf" on the map — add a town or country.`,
    );
  });

  it("takes a typed town, state or country, any coordinates (at sea too), or nothing", async () => {
    expect(await resolvePublishedPlace({ location: "Zilker Park, Austin, TX" })).toMatchObject({ city: "Austin", approximate: true });
    expect(await resolvePublishedPlace({ location: "Texas State Capitol, Austin" })).toMatchObject({ city: "Austin" });
    expect(await resolvePublishedPlace({ location: "Texas" })).toMatchObject({ region: "TX", country: "US" });
    expect(await resolvePublishedPlace({ location: "asdf qwerty zzz", latitude: 35, longitude: -40 })).toMatchObject({ latitude: 35 });
    expect(await resolvePublishedPlace({})).toMatchObject({ latitude: null, country: null });
  });
});
