import crypto from "node:crypto";
import path from "node:path";

/** Where the browser tests' server keeps its data (see tests/support/test-server.ts). */
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? "tests/.artifacts/e2e-data");
export const E2E_DATABASE = path.join(E2E_DATA_DIR, "jimmy-hunt.sqlite");
/** Where the test server's SMTP server (tests/support/smtp-server.ts) writes every email the app sends, one .eml file each. */
export const E2E_MAIL_DIR = path.join(E2E_DATA_DIR, "mail");
/** Everything the test server's app process writes to standard output (its log), for the tests that read it. */
export const E2E_SERVER_LOG = path.join(E2E_DATA_DIR, "server.log");

/** Where the browser tests' map tile server listens (tests/support/tile-server.ts): beside the app's port. */
export function tilePort(appPort: number): number {
  return appPort + 51;
}

/** The admin password of the browser tests' server (its hash is what the server is given). */
export const E2E_ADMIN_PASSWORD = "e2e admin password: correct horse battery staple";
/** The browser tests' server's QR label key, so tests can print or forge labels. */
export const E2E_QR_SECRET = "e2e-qr-secret-0123456789abcdef0123456789abcdef";
/** Signs the test server's cookies; tests use it to mint sessions the server accepts. */
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789abcdef0123456789";

/**
 * The check code the server prints on a label for a serial, computed
 * independently of the app (HMAC-SHA256, Crockford base 32): if the app ever
 * changed the scheme, every label already printed would stop working, and
 * the tests using this would catch it.
 */
export function labelCheckCode(serial: number): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  let bits = crypto.createHmac("sha256", E2E_QR_SECRET).update(`jimmy-label:v1:${serial}`).digest().readUInt32BE(0);
  let code = "";
  for (let i = 0; i < 6; i++) {
    code += alphabet[bits & 31];
    bits >>>= 5;
  }
  return code;
}
