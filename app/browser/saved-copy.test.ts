import { describe, expect, it } from "vitest";
import { translator } from "~/lib/language";
// The catalogues, as the server registers them at start (the words are worded by translate()).
import "~/web/language.server";
import { savedCopyAge, savedCopyBanner } from "./saved-copy";

describe("the offline banner of a saved page", () => {
  const savedAt = "2026-05-01T12:00:00.000Z";
  const at = (minutes: number) => Date.parse(savedAt) + minutes * 60_000;
  const t = translator("en");

  it("says how long ago the page was saved", () => {
    expect(savedCopyBanner(savedAt, t, at(14))).toBe("Offline — saved copy from 14 min ago");
    expect(savedCopyAge(savedAt, t, at(0.5))).toBe("just now");
    expect(savedCopyAge(savedAt, t, at(59))).toBe("59 min ago");
    expect(savedCopyAge(savedAt, t, at(60 * 3 + 5))).toBe("3 h ago");
    expect(savedCopyAge(savedAt, t, at(60 * 24))).toBe("1 day ago");
    expect(savedCopyAge(savedAt, t, at(60 * 24 * 5))).toBe("5 days ago");
  });

  it("never says a copy comes from the future or from an unreadable date", () => {
    expect(savedCopyAge(savedAt, t, at(-10))).toBe("just now");
    expect(savedCopyAge("not a date", t, at(10))).toBe("just now");
  });
});
