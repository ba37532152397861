import { describe, expect, it } from "vitest";
import { compileMessage, formatMessage } from "./messages";
import { afterDeleteReturn, ownContentReturn, returnLabel } from "./own-content-return";

/** `t` in English, as the server words a message from its source. */
const t = (key: string | number, values?: Record<string, unknown>) => formatMessage(compileMessage(String(key)), values, "en") as string;

const discovery = { id: 41, serialNumber: 7 };

describe("ownContentReturn", () => {
  it.each([
    ["/discoveries/41", "/discoveries/41"],
    ["/hunters/3?after=abc#discovery-41", "/hunters/3?after=abc#discovery-41"],
    ["/jimmy/7#discovery-41", "/jimmy/7#discovery-41"],
  ])("goes back to the page on this site it came from, %s", (requested, expected) => {
    expect(ownContentReturn(requested, discovery)).toBe(expected);
  });

  it.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/.//evil.example", "", null])(
    "goes back to the discovery's timeline entry instead of %s",
    (requested) => {
      expect(ownContentReturn(requested, discovery)).toBe("/jimmy/7#discovery-41");
    },
  );
});

describe("afterDeleteReturn", () => {
  it("leaves the deleted discovery's own page, now gone, for its Jimmy's", () => {
    expect(afterDeleteReturn("/discoveries/41", discovery)).toBe("/jimmy/7");
    expect(afterDeleteReturn("/discoveries/41?x=1", discovery)).toBe("/jimmy/7");
  });

  it("goes back to the list it came from, without the deleted entry's anchor", () => {
    expect(afterDeleteReturn("/hunters/3?after=abc#discovery-41", discovery)).toBe("/hunters/3?after=abc");
    expect(afterDeleteReturn("/jimmy/7#discovery-41", discovery)).toBe("/jimmy/7");
  });

  it("keeps any other page as it is", () => {
    expect(afterDeleteReturn("/discoveries/410", discovery)).toBe("/discoveries/410");
    expect(afterDeleteReturn("/hunters/3#comments", discovery)).toBe("/hunters/3#comments");
  });
});

describe("returnLabel", () => {
  it.each([
    ["/discoveries/41", "Your discovery of Jimmy #7"],
    ["/jimmy/7#discovery-41", "Jimmy #7"],
    ["/hunters/3?after=abc#discovery-41", "Your profile"],
    ["/account", "Back"],
  ])("names %s for the way back", (back, label) => {
    expect(returnLabel(back, discovery, t)).toBe(label);
  });
});
