import { describe, expect, it } from "vitest";
import { withoutBidiControls } from "./text";

describe("withoutBidiControls", () => {
  it("drops embedding, override and isolate controls, so text cannot display reordered", () => {
    expect(withoutBidiControls("Jimmy\u202Egnp.exe")).toBe("Jimmygnp.exe");
    expect(withoutBidiControls("\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069ok")).toBe("ok");
  });

  it("keeps right-to-left writing and the plain direction marks", () => {
    expect(withoutBidiControls("שלום \u200Fעולם\u200E")).toBe("שלום \u200Fעולם\u200E");
  });
});
