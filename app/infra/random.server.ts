import crypto from "node:crypto";

/** Random bytes drawn from the system at a time: one call for 256 nonces rather than one each. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * `size` fresh random bytes, written out in `encoding`. The bytes come from
 * the system's cryptographic generator, as crypto.randomBytes's do, taken
 * from a block drawn ahead of time (node:crypto does the same for its UUIDs):
 * each byte is handed out once, never twice.
 */
export function randomString(size: number, encoding: "hex" | "base64" | "base64url"): string {
  if (size > POOL_BYTES) return crypto.randomBytes(size).toString(encoding);
  if (used + size > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    used = 0;
  }
  const text = pool.toString(encoding, used, used + size);
  used += size;
  return text;
}
