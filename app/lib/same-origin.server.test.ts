import { describe, expect, it } from "vitest";
import { classifyCrossSitePath } from "./same-origin.server";

const TOKEN = "12.abcdefghijklmnopqrstuvwxyzABCDEF";

/** What the rule must read in each path: one test a row. */
const READINGS: Array<{ story: string; reading: ReturnType<typeof classifyCrossSitePath>; paths: string[] }> = [
  {
    story: "lets through exactly the one-click unsubscribe and the Apple callback, as the app routes them",
    reading: "exempt",
    paths: [
      `/email/unsubscribe/${TOKEN}/one-click`,
      "/email/unsubscribe/not-a-token/one-click",
      "/api/auth/callback/apple",
      // Steps that resolve onto the exact route reach that route, and only it.
      `/email/unsubscribe/${TOKEN}/./one-click`,
      `/email/x/../unsubscribe/${TOKEN}/one-click`,
      "/api/auth/callback/%2e/apple",
      "/api/auth/callback/app%6Ce",
      "/api/auth/callback\\apple",
    ],
  },
  {
    story: "finds no exemption in a path that only looks like one: backslashes, steps, escapes, double or trailing slashes",
    reading: "ordinary",
    paths: [
      "/email/unsubscribe/..\\account/one-click",
      "/email/unsubscribe/..%5caccount/one-click",
      "/email/unsubscribe/..%5Caccount/one-click",
      "/email/unsubscribe/%2e%2e/account/one-click",
      "/email/unsubscribe/.%2E/account/one-click",
      "/email/unsubscribe/%2e%2e%2faccount/one-click",
      "/email/unsubscribe/a%2Fb/one-click",
      "/email/unsubscribe/a\\b/one-click",
      "/email/unsubscribe/%2e%2e/one-click",
      "/email/unsubscribe/%2e/one-click",
      "/email/unsubscribe//one-click",
      "//email/unsubscribe/x/one-click",
      "/email//unsubscribe/x/one-click",
      "/email/unsubscribe/x//one-click",
      "/email/unsubscribe/x/one-click/",
      "/email/unsubscribe/x/one-click/..",
      "/email/unsubscribe/x/one-click/../../../account",
      "/email/unsubscribe/x%20y/one-click",
      "/email/unsubscribe/x%00/one-click",
      "/EMAIL/unsubscribe/x/one-click",
      "/email/unsubscribe/x/one-click%2F",
      "/api/auth/callback/apple/",
      "/api/auth/callback/apple/../google",
      "/api/auth/callback/google",
      "/account",
      "/",
    ],
  },
  {
    story: "cannot read a path with a broken escape, a control character or no leading slash",
    reading: "unreadable",
    paths: [
      "/email/unsubscribe/%zz/one-click",
      "/email/unsubscribe/%/one-click",
      "/email/unsubscribe/%E0%A4%A/one-click",
      "/email/unsubscribe/%C0%AF/one-click",
      "/email/unsubscribe/x\u0000/one-click",
      "/email/unsubscribe/x\t/one-click",
      "email/unsubscribe/x/one-click",
      "",
      "*",
    ],
  },
];

describe("the cross-site rule's reading of a path", () => {
  for (const { story, reading, paths } of READINGS) {
    it(story, () => {
      for (const path of paths) expect(classifyCrossSitePath(path), JSON.stringify(path)).toBe(reading);
    });
  }
});
