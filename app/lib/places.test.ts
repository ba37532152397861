import { describe, expect, it } from "vitest";
import { displayPlace, pinNote } from "./places";

const place = (fields: Partial<Parameters<typeof displayPlace>[0]>) =>
  displayPlace({ city: null, region: null, country: null, location: null, approximate: false, ...fields });

describe("a discovery's display place", () => {
  it("names a point nobody typed a name for by its derived city, with the US state or the country", () => {
    expect(place({ city: "Austin", region: "TX", country: "US" })).toBe("Austin, TX");
    expect(place({ city: "Mexico City", country: "MX" })).toBe("Mexico City, Mexico");
    expect(place({ city: "Washington, D.C.", region: "DC", country: "US" })).toBe("Washington, D.C.");
  });

  it("shows what the finder typed, never 'near' the town it is in", () => {
    expect(place({ city: "Austin", region: "TX", country: "US", location: "Zilker Park, Austin, TX", approximate: true })).toBe(
      "Zilker Park, Austin, TX",
    );
    expect(place({ city: "Paris", country: "FR", location: "paris", approximate: true })).toBe("paris");
    expect(place({ city: "Mexico City", country: "MX", location: "Bosque de Chapultepec" })).toBe("Bosque de Chapultepec");
  });

  it("keeps the typed text when no city is known", () => {
    expect(place({ region: "TX", country: "US", location: "Somewhere in Texas" })).toBe("Somewhere in Texas");
    expect(place({ location: "  behind the blue mailbox " })).toBe("behind the blue mailbox");
  });

  it("falls back to the state or country of a measured point far from any town", () => {
    expect(place({ region: "NV", country: "US" })).toBe("Nevada");
    expect(place({ country: "IS" })).toBe("Iceland");
  });

  it("knows nothing when nothing was typed or derived", () => {
    expect(place({})).toBeNull();
    expect(place({ location: "   " })).toBeNull();
  });
});

describe("where a discovery's pin stands", () => {
  const pin = (fields: Partial<Parameters<typeof pinNote>[0]>) =>
    pinNote({ city: null, region: null, country: null, location: null, approximate: false, latitude: 1, ...fields });

  it("says plainly when the pin is only the town's centre", () => {
    expect(pin({ city: "Austin", region: "TX", country: "US", location: "Zilker Park, Austin, TX", approximate: true })).toBe(
      "pin: Austin, TX (town centre)",
    );
    expect(pin({ city: "Paris", country: "FR", location: "paris", approximate: true })).toBe("pin: Paris, France (town centre)");
  });

  it("says about 1 km when its hunter rounded the position", () => {
    expect(pin({ city: "Austin", region: "TX", country: "US", radiusM: 1000 })).toBe("pin: within about 1 km of the spot");
  });

  it("says nothing of a measured spot, or when there is no pin", () => {
    expect(pin({ city: "Austin", region: "TX", country: "US" })).toBeNull();
    expect(pin({ region: "TX", country: "US", location: "Texas", latitude: null })).toBeNull();
  });
});
