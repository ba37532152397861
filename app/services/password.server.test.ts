import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

const cheap = { N: 1024, r: 8, p: 1 };

describe("admin password hashes", () => {
  it("verify the password they were made from, and nothing else", async () => {
    const stored = await hashPassword("correct horse battery staple", cheap);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("are salted, so the same password never hashes the same", async () => {
    expect(await hashPassword("same", cheap)).not.toBe(await hashPassword("same", cheap));
  });

  it("treat a malformed or plain-text setting as matching nothing", async () => {
    expect(await verifyPassword("secret", "secret")).toBe(false);
    expect(await verifyPassword("secret", "scrypt$1000$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA")).toBe(false);
  });
});
