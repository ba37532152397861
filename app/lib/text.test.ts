import { describe, expect, it } from "vitest";
import { INVISIBLE_ONLY } from "../../tests/support/invisible";
import { CommentFormSchema } from "./comment-schema";
import { DisplayNameSchema, NewEmailSchema } from "./account-schema";
import { FlagFormSchema } from "./flag-schema";
import { DiscoveryEditSchema } from "./own-content-schema";
import { ApiDiscoverySchema } from "./report-schema";
import { reportFormSchema } from "./report-form";
import { isInvisible, singleLine, withoutBidiControls, withoutControls } from "./text";

describe("withoutBidiControls", () => {
  it("drops embedding, override and isolate controls, so text cannot display reordered", () => {
    expect(withoutBidiControls("Jimmy\u202Egnp.exe")).toBe("Jimmygnp.exe");
    expect(withoutBidiControls("\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069ok")).toBe("ok");
  });

  it("keeps right-to-left writing and the plain direction marks", () => {
    expect(withoutBidiControls("שלום \u200Fעולם\u200E")).toBe("שלום \u200Fעולם\u200E");
  });
});

describe("withoutControls", () => {
  it("drops NUL, escape and the other C0 and C1 controls as well as bidi controls, keeping tabs and line breaks", () => {
    expect(withoutControls("a\u0000b\u0001c\u001bd\u007fe\u0080f\u0085g\u009fh")).toBe("abcdefgh");
    expect(withoutControls("one\ttwo\r\nthree\n")).toBe("one\ttwo\r\nthree\n");
    expect(withoutControls("Jimmy\u202Egnp\u0000.exe")).toBe("Jimmygnp.exe");
    expect(withoutControls("שלום \u200Fעולם é 🏆")).toBe("שלום \u200Fעולם é 🏆");
  });
});

describe("invisible text", () => {
  it("counts text made only of invisible or formatting characters as empty", () => {
    expect(isInvisible(INVISIBLE_ONLY)).toBe(true);
    expect(withoutControls(INVISIBLE_ONLY)).toBe("");
    expect(withoutControls("\u200B\u200B\u200B")).toBe("");
  });

  it("keeps invisible characters between visible ones (a zero-width joiner builds emoji)", () => {
    expect(isInvisible("\u200Bx")).toBe(false);
    expect(withoutControls("👩\u200D🚒")).toBe("👩\u200D🚒");
    expect(isInvisible("🏆")).toBe(false);
  });
});

describe("single-line fields", () => {
  const forged = "Ann\r\nBcc: victim@example.com\r\nSubject: WIN $500 NOW\tvisit spam.example";

  it("make each run of line breaks and tabs one space, after the other controls are gone", () => {
    expect(singleLine(forged)).toBe("Ann Bcc: victim@example.com Subject: WIN $500 NOW visit spam.example");
    expect(singleLine("a\u2028b\u2029c\u000Bd\u000Ce\u0085f")).toBe("a b c d e f");
    expect(singleLine("\r\n\t")).toBe("");
    expect(singleLine("Jimmy\u202E\u0000 Fan")).toBe("Jimmy Fan");
  });

  it("hold in every schema a name, a guest author name, a location or an address goes through", () => {
    expect(DisplayNameSchema.parse({ firstName: "Hi\r\nWIN $500 NOW", lastName: "Smith\tJones" })).toEqual({
      firstName: "Hi WIN $500 NOW",
      lastName: "Smith Jones",
    });
    expect(CommentFormSchema.parse({ content: "hi", authorName: "Guest\r\nBcc: x" }).authorName).toBe("Guest Bcc: x");
    expect(DiscoveryEditSchema.parse({ caption: "", location: "Zilker\nPark" }).location).toBe("Zilker Park");
    expect(ApiDiscoverySchema.parse({ jimmyId: 1, tempPath: "t", location: "Zilker\tPark" }).location).toBe("Zilker Park");
    const tempPath = `uploads/2026/11/${"a".repeat(32)}`;
    expect(reportFormSchema("new").parse({ tempPath, location: "Zilker\r\nPark" }).location).toBe("Zilker Park");
    expect(NewEmailSchema.safeParse({ email: "ann@example.com\r\nBcc: victim@example.com" }).success).toBe(false);
  });

  it("leave line breaks in captions, comments and notes, which are written over several lines", () => {
    const text = "First line\nSecond line";
    expect(CommentFormSchema.parse({ content: text }).content).toBe(text);
    expect(DiscoveryEditSchema.parse({ caption: text, location: "" }).caption).toBe(text);
    expect(ApiDiscoverySchema.parse({ jimmyId: 1, tempPath: "t", caption: text }).caption).toBe(text);
    expect(FlagFormSchema.parse({ reason: "spam", note: text }).note).toBe(text);
  });
});
