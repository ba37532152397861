import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "./icons";

describe("the icons' sprite", () => {
  it("draws every icon the app names, and nothing it does not", () => {
    const sprite = fs.readFileSync(path.join(import.meta.dirname, "icons.svg"), "utf8");
    const drawings = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
    expect([...drawings].sort()).toEqual([...ICON_NAMES].sort());
    expect(new Set(drawings).size).toBe(drawings.length);
  });
});
