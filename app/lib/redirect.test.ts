import { describe, expect, it } from "vitest";
import { loginHref, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/jimmy/7", "/jimmy/7"],
    ["/jimmy/7/new-discovery?x=1#top", "/jimmy/7/new-discovery?x=1#top"],
    ["/", "/"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "javascript:alert(1)",
    "jimmy/7",
    "/\u0000evil",
    "/a\\b",
    "",
    null,
    undefined,
  ])("sends %s to the fallback instead", (input) => {
    expect(safeRedirect(input as string | null | undefined, "/home")).toBe("/home");
  });
});

describe("loginHref", () => {
  it("carries a same-origin return path and drops anything else", () => {
    expect(loginHref("/jimmy/7/new-discovery")).toBe("/login?redirectTo=%2Fjimmy%2F7%2Fnew-discovery");
    expect(loginHref("/")).toBe("/login");
    expect(loginHref("https://evil.example/")).toBe("/login");
  });
});
