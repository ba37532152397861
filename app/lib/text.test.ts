import { describe, expect, it } from "vitest";
import { INVISIBLE_ONLY } from "../../tests/support/invisible";
import { isInvisible, withoutBidiControls, withoutControls } from "./text";

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
