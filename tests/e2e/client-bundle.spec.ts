import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_QR_SECRET } from "../support/e2e-data";
import { signInAsAdmin } from "./admin-helpers";

const CLIENT_DIR = path.resolve("build/client");
const E2E_SESSION_SECRET = "e2e-session-secret-0123456789abcdef0123456789";

function clientFiles(dir = CLIENT_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? clientFiles(full) : [full];
  });
}

/**
 * What must never reach a browser: the secrets (the development defaults, the
 * test server's, and any the build itself saw), a password hash, and any
 * hard-coded authorization value like the one the original app sent.
 */
function forbidden(): { name: string; pattern: RegExp }[] {
  const literal = (value: string) => new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const secrets = [
    ["the development session secret", "local-development-secret-not-for-production"],
    ["the test session secret", E2E_SESSION_SECRET],
    ["the test QR secret", E2E_QR_SECRET],
    ["the test admin password", E2E_ADMIN_PASSWORD],
    ...["SESSION_SECRET", "QR_SECRET", "ADMIN_PASSWORD_HASH"].flatMap((name) =>
      process.env[name] ? [[`${name} of the build environment`, process.env[name]!] as const] : [],
    ),
  ] as const;
  return [
    ...secrets.flatMap(([name, value]) => value.split(",").map((part) => ({ name, pattern: literal(part.trim()) }))),
    { name: "a scrypt password hash", pattern: /scrypt\$\d+\$\d+\$\d+\$/ },
    { name: "an authorization header value", pattern: /authorization/i },
    { name: "a bearer token", pattern: /Bearer\s+[A-Za-z0-9._~+/-]{8,}/ },
  ];
}

test.describe("what the browser is given", () => {
  test("no built client file holds a secret, a password hash or an authorization value", () => {
    const files = clientFiles();
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, "latin1");
      for (const { name, pattern } of forbidden()) {
        if (pattern.test(text)) found.push(`${path.relative(CLIENT_DIR, file)}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });

  test("the QR decoder is loaded by the scan page only, never with other pages", async ({ request }) => {
    const decoder = clientFiles().find((file) => /jsQR-[\w-]+\.js$/.test(file));
    expect(decoder, "jsQR is its own chunk").toBeTruthy();
    const name = path.basename(decoder!);
    for (const page of ["/", "/map", "/discoveries", "/admin"]) {
      expect(await (await request.get(page)).text(), page).not.toContain(name);
    }
  });

  test("Leaflet is a chunk of its own, fetched by /map's pan-and-zoom map when asked for, and named by no page", async ({ request }) => {
    const withLeaflet = clientFiles().filter(
      (file) => file.endsWith(".js") && fs.readFileSync(file, "latin1").includes("leaflet-control-attribution"),
    );
    expect(withLeaflet.map((file) => path.basename(file))).toEqual([expect.stringMatching(/^PanZoomMap\.client-[\w-]+\.js$/)]);
    const name = path.basename(withLeaflet[0]!);
    for (const page of ["/", "/map", "/discoveries", "/hall-of-fame", "/admin"]) {
      expect(await (await request.get(page)).text(), page).not.toContain(name);
    }
  });

  test("pages served to an admin carry no secret either", async ({ page }) => {
    await signInAsAdmin(page);
    for (const path of ["/admin", "/admin/jimmys", "/scan", "/"]) {
      const html = await (await page.request.get(path)).text();
      for (const { name, pattern } of forbidden()) expect(pattern.test(html), `${path}: ${name}`).toBe(false);
    }
  });
});
