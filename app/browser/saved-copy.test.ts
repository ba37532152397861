import { describe, expect, it } from "vitest";
import { savedCopyAge, savedCopyBanner } from "./saved-copy";

describe("the offline banner of a saved page", () => {
  const savedAt = "2026-05-01T12:00:00.000Z";
  const at = (minutes: number) => Date.parse(savedAt) + minutes * 60_000;

  it("says how long ago the page was saved", () => {
    expect(savedCopyBanner(savedAt, at(14))).toBe("Offline — saved copy from 14 min ago");
    expect(savedCopyAge(savedAt, at(0.5))).toBe("just now");
    expect(savedCopyAge(savedAt, at(59))).toBe("59 min ago");
    expect(savedCopyAge(savedAt, at(60 * 3 + 5))).toBe("3 h ago");
    expect(savedCopyAge(savedAt, at(60 * 24))).toBe("1 day ago");
    expect(savedCopyAge(savedAt, at(60 * 24 * 5))).toBe("5 days ago");
  });

  it("never says a copy comes from the future or from an unreadable date", () => {
    expect(savedCopyAge(savedAt, at(-10))).toBe("just now");
    expect(savedCopyAge("not a date", at(10))).toBe("just now");
  });
});
