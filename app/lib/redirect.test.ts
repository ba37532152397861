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

  // Each of these passes a check of the raw string but normalises (dot
  // segments, tabs and newlines dropped by the URL parser) to "//host", which
  // a browser follows to another site.
  it.each([
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/%2e%2e//evil.example",
    "/a/..//evil.example",
    "/a/%2e%2e//evil.example",
    "/a/b/../..//evil.example",
    "/./\\evil.example",
    "/.\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n//evil.example",
    "/.\t//evil.example",
    "/\u0085evil.example",
  ])("never answers a path that leaves the site: %s", (input) => {
    const target = safeRedirect(input, "/home");
    expect(target).toBe("/home");
    expect(new URL(target, "https://jimmyhunt.test").origin).toBe("https://jimmyhunt.test");
  });

  it.each([
    ["/%2f/evil.example", "/%2f/evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5c/evil.example", "/%5c/evil.example"],
    ["/a/../jimmy/7", "/jimmy/7"],
    ["/jimmy/7?next=//evil.example", "/jimmy/7?next=//evil.example"],
  ])("keeps an encoded or resolved path on the site: %s", (input, expected) => {
    const target = safeRedirect(input, "/home");
    expect(target).toBe(expected);
    expect(new URL(target, "https://jimmyhunt.test").origin).toBe("https://jimmyhunt.test");
  });
});

describe("loginHref", () => {
  it("carries a same-origin return path and drops anything else", () => {
    expect(loginHref("/jimmy/7/new-discovery")).toBe("/login?redirectTo=%2Fjimmy%2F7%2Fnew-discovery");
    expect(loginHref("/")).toBe("/login");
    expect(loginHref("https://evil.example/")).toBe("/login");
  });
});
