import { describe, expect, it } from "vitest";
import "~/web/language.server";
import { translator } from "~/lib/language";
import { RATE_LIMITS, rateLimitedText, type RateLimitName, type RateLimitResult, waitText } from "./rate-limit.server";

const refused = (retryAfterSeconds: number): RateLimitResult => ({ allowed: false, count: 99, resetAt: "", retryAfterSeconds });

describe("rate limit refusals", () => {
  it("say how long to wait in hours above an hour, minutes from a minute, else seconds, singular for one", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(59)).toBe("59 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(3600)).toBe("60 minutes");
    expect(waitText(3601)).toBe("2 hours");
    expect(waitText(86_400, translator("en"))).toBe("24 hours");
  });

  it("say what the hunter did, for every limit, in English as before", () => {
    const did: Record<RateLimitName, string> = {
      commentPerAddress: "posted a lot of comments",
      commentPerHunter: "posted a lot of comments",
      reportPerHunter: "reported a lot of discoveries",
      uploadPerHunter: "uploaded a lot of photos",
      likePerHunter: "liked and unliked a lot",
      flagPerHunter: "flagged a lot",
      flagPerAddress: "flagged a lot",
      missingPerHunter: "reported a lot of Jimmys missing",
      emailChangePerHunter: "asked for a lot of confirmation emails",
      emailChangePerAddress: "asked for a lot of confirmation emails to that address",
      mailSent: "made the hunt send a lot of email",
      signInCodePerAddress: "asked for a lot of sign-in codes",
      signInCodePerRecipient: "asked for a lot of sign-in codes",
      signInCodeCheckPerAddress: "typed a lot of sign-in codes",
    };
    for (const name of Object.keys(RATE_LIMITS) as RateLimitName[]) {
      expect(rateLimitedText(name, refused(600))).toBe(`You've ${did[name]} in a short time. Please wait 10 minutes and try again.`);
    }
    expect(rateLimitedText("likePerHunter", refused(1), translator("en"))).toBe(
      "You've liked and unliked a lot in a short time. Please wait 1 second and try again.",
    );
  });
});
