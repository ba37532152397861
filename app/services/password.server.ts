import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** 2^15: about 0.1 s and 32 MB per check on a small server, which is what makes guessing slow. */
export const DEFAULT_SCRYPT_COST = { N: 32768, r: 8, p: 1 };
const KEY_LENGTH = 32;

type ParsedHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

/**
 * A password hash that says how it was made: `scrypt$N$r$p$salt$hash`
 * (salt and hash in base64url), so the cost can be raised later without
 * breaking hashes already configured.
 */
export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { ...cost, maxmem: maxMemory(cost) });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || (N & (N - 1)) !== 0) return null;
  const salt = Buffer.from(parts[4]!, "base64url");
  const key = Buffer.from(parts[5]!, "base64url");
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

function maxMemory({ N, r }: { N: number; r: number }): number {
  return 128 * N * r * 2;
}

/** Whether `password` matches `stored`, compared in constant time. A malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await scrypt(password.normalize("NFC"), parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxMemory(parsed),
  });
  return crypto.timingSafeEqual(candidate, parsed.key);
}
