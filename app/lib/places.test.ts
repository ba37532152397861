import { describe, expect, it } from "vitest";
import { displayPlace } from "./places";

const place = (fields: Partial<Parameters<typeof displayPlace>[0]>) =>
  displayPlace({ city: null, region: null, country: null, location: null, approximate: false, ...fields });

describe("a discovery's display place", () => {
  it("names a measured point by its derived city, with the US state or the country", () => {
    expect(place({ city: "Austin", region: "TX", country: "US" })).toBe("Austin, TX");
    expect(place({ city: "Mexico City", country: "MX", location: "19.4423, -99.1451" })).toBe("Mexico City, Mexico");
    expect(place({ city: "Washington, D.C.", region: "DC", country: "US" })).toBe("Washington, D.C.");
  });

  it("says 'near' a city guessed from typed text, never its coordinates", () => {
    expect(place({ city: "Austin", region: "TX", country: "US", location: "Zilker Park, Austin, TX", approximate: true })).toBe(
      "near Austin, TX",
    );
    expect(place({ city: "Paris", country: "FR", location: "paris", approximate: true })).toBe("near Paris, France");
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
