import { describe, expect, it } from "vitest";
import { claimsTeam, nameKey, skeleton } from "./names.server";

const HUNT = "Jimmy Hunt";

/** Each of `names` claims to be the hunt's team (or, with `claims` false, does not). */
function expectClaimsTeam(names: readonly string[], claims = true) {
  for (const name of names) expect(claimsTeam(name, HUNT), JSON.stringify(name)).toBe(claims);
}

describe("claimsTeam", () => {
  it("refuses the team's words in any case", () => {
    expectClaimsTeam(["Admin", "admin", "ADMIN", "aDmIn", "Administrator", "MODERATOR", "moderator", "Staff", "official"]);
  });

  it("refuses look-alikes from other scripts and styled letters (the Unicode confusables skeleton)", () => {
    const lookAlikes = [
      "\u0410dmin", // Cyrillic capital A
      "\u0430dmin", // Cyrillic small a
      "\u0391DMIN", // Greek capital Alpha
      "AD\u041CIN", // Cyrillic capital Em: looks like M only in capitals
      "\u0251dmin", // Latin small alpha: looks like a only in small letters
      "\uFF21\uFF44\uFF4D\uFF49\uFF4E", // fullwidth
      "\u{1D400}\u{1D41D}\u{1D426}\u{1D422}\u{1D427}", // mathematical bold
      "Mode\u0433ator", // Cyrillic ge for r
      "A\u0301dmin", // an accent added
    ];
    expectClaimsTeam(lookAlikes);
  });

  it("refuses 1 for l or I and 0 for O, as the Unicode data does, but not other digit spellings", () => {
    expectClaimsTeam(["ADM1N", "M0DERATOR", "Offic1al"]);
    expectClaimsTeam(["4dmin", "5taff"], false);
  });

  it("refuses a small l for a capital I, which both case foldings lose", () => {
    expectClaimsTeam(["ADMlN", "ADMlNISTRATOR", "OFFlClAL", "Hi, ADMlN here", "JlMMY HUNT", "The JlMMYHUNT crew"]);
    expect(claimsTeam("Lisa Allen", HUNT)).toBe(false);
    expect(claimsTeam("Badmlnton", HUNT)).toBe(false);
  });

  it("ignores invisible characters, spacing and punctuation inside the name", () => {
    const spaced = [
      "Ad\u200Bmin",
      "A d m i n",
      "Ad\u00ADmin",
      "\uFEFFAdmin\u2060",
      "Admin\uFE0F",
      "\u3164Admin",
      "Jimmy  Hunt",
      "Jimmy\u200B \u200DHunt",
      "JIMMY-HUNT",
      "jimmy_hunt",
      "J\u0131mmy Hunt",
    ];
    expectClaimsTeam(spaced);
  });

  it("refuses the hunt's name inside a longer name, and a team word as one of the words", () => {
    expectClaimsTeam(["The Jimmy Hunt crew", "Admin Bob", "Hunt-Staff", "Official."]);
  });

  it("uses the configured hunt name", () => {
    expect(claimsTeam("Gnome Quest", "Gnome Quest")).toBe(true);
    expect(claimsTeam("Jimmy Hunt", "Gnome Quest")).toBe(false);
  });

  it("lets ordinary names through, including ones that contain a team word inside a word", () => {
    expectClaimsTeam(
      ["Bea", "Jimmy", "Hunter", "Badminton Club", "Modesty", "Staffordshire Sam", "Officially Odd", "José", "Анна", "李小龍"],
      false,
    );
  });
});

describe("nameKey", () => {
  it("folds a name and its look-alikes, cases and invisible characters alike", () => {
    const bea = nameKey("Bea Bystander");
    for (const name of [
      "bea bystander",
      "BEA BYSTANDER",
      "Bea\u200B Bystander",
      "B\u0435a Byst\u0430nder",
      "BeaBystander",
      "Bea  Bystander",
    ]) {
      const key = nameKey(name);
      expect(key.lower === bea.lower || key.upper === bea.upper, JSON.stringify(name)).toBe(true);
    }
    for (const name of ["Bea Bystanders", "Bea B.", "Ben Bystander"]) {
      const key = nameKey(name);
      expect(key.lower === bea.lower || key.upper === bea.upper, name).toBe(false);
    }
  });

  it("folds a name of invisible characters to nothing", () => {
    expect(nameKey("\u200B\u200C\u200D\uFEFF")).toEqual({ lower: "", upper: "" });
  });
});

describe("skeleton", () => {
  it("maps each character to its prototype in Unicode's confusables data", () => {
    expect(skeleton("\u0410\u0391A")).toBe("AAA");
    expect(skeleton("rn")).toBe(skeleton("m"));
    expect(skeleton("paypa1")).toBe(skeleton("paypal"));
  });
});
