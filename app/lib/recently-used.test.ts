import { describe, expect, it } from "vitest";
import { RecentlyUsed } from "./recently-used";

describe("RecentlyUsed", () => {
  it("keeps the most recently used entries up to its limit, letting the least recently used go", () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set("a", 1);
    kept.set("b", 2);
    expect(kept.get("a")).toBe(1); // "a" is now newer than "b"
    kept.set("c", 3);
    expect(kept.get("b")).toBeUndefined();
    expect([kept.get("a"), kept.get("c"), kept.size]).toEqual([1, 3, 2]);
    kept.set("a", 10); // rewriting an entry does not grow the map
    expect([kept.get("a"), kept.size]).toEqual([10, 2]);
  });
});
