/**
 * Request bodies against the production build (docs/security.md, "Request
 * bodies"): every address reads at most its limit, a flood of fields is
 * refused early, and malformed forms, odd file names and odd methods get a
 * 4xx with a message. Each case runs on a server of its own, whose resident
 * memory is read from /proc before and after the hostile requests.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { hashPassword } from "../../app/services/password.server";
import { startAppServer } from "../support/app-server";
import { checkCode } from "./admin-helpers";
import {
  BOUNDARY,
  CLOSING,
  fieldFlood,
  filePartHead,
  formFiller,
  MULTIPART_TYPE,
  multipartBody,
  residentMb,
  streamBody,
  textPart,
} from "../support/bodies";
import { E2E_ADMIN_PASSWORD } from "../support/e2e-data";
import { ROTATED_GPS_JPEG } from "../support/photos";

const PHOTO = fs.readFileSync(ROTATED_GPS_JPEG);
/** What the server may grow by while refusing a 150 MB body (reading one whole costs it several hundred). */
const MEMORY_BOUND_MB = 60;
const HOSTILE_MB = 150;

type Server = Awaited<ReturnType<typeof startAppServer>>;
let server: Server;
let cookie: string;
let serial = 100;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  server = await startAppServer({ LOG_REQUESTS: "false", ADMIN_PASSWORD_HASH: await hashPassword(E2E_ADMIN_PASSWORD) });
  const signIn = await fetch(`${server.baseURL}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
    body: new URLSearchParams({ firstName: "Bodies", lastName: crypto.randomUUID().slice(0, 8) }),
    redirect: "manual",
  });
  cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith("jh_session="))!
    .split(";")[0]!;
  expect(cookie).toBeTruthy();
});

test.afterAll(async () => {
  await server.stop();
});

/** A hidden Jimmy to report, minted straight into the server's database. */
function mintJimmy(): number {
  serial += 1;
  const number = serial;
  server.withDb((db) =>
    db
      .prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?)")
      .run(number, `Jimmy #${number}`, new Date().toISOString()),
  );
  return number;
}

const signedIn = (extra: Record<string, string> = {}) => ({ Cookie: cookie, Origin: server.baseURL, ...extra });

/** Sends `send` and says how much the server's memory grew by, after it answered. */
async function growthWhile<T>(send: () => Promise<T>): Promise<{ answer: T; growthMb: number }> {
  const before = residentMb(server.pid);
  const answer = await send();
  // Give a server that is still reading a moment to show it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { answer, growthMb: residentMb(server.pid) - before };
}

const messageOf = (text: string) => {
  try {
    return String((JSON.parse(text) as { message?: unknown }).message);
  } catch {
    return text;
  }
};

test.describe("request bodies are bounded while they stream", () => {
  test("a 150 MB chunked form posted cross-site to the Apple callback (Apple not configured) is refused with 413 and the server's memory stays put", async () => {
    const { answer, growthMb } = await growthWhile(() =>
      streamBody(
        server.baseURL,
        "/api/auth/callback/apple",
        { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://appleid.apple.com", "Sec-Fetch-Site": "cross-site" },
        formFiller(HOSTILE_MB),
      ),
    );
    expect(answer.status).toBe(413);
    expect(messageOf(answer.text)).toMatch(/too large/i);
    expect(answer.sent).toBeLessThan(16 * 1024 * 1024);
    expect(growthMb).toBeLessThan(MEMORY_BOUND_MB);
  });

  test("every kind of address refuses a 150 MB chunked body with 413 (or a closed connection) long before its end, signed in or not", async () => {
    const jimmy = mintJimmy();
    const cases: [string, Record<string, string>][] = [
      ["/login", { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL }],
      ["/api/admin/login", { "Content-Type": "application/json", Origin: server.baseURL }],
      ["/api/discoveries", signedIn({ "Content-Type": "application/json" })],
      [`/jimmy/${jimmy}`, signedIn({ "Content-Type": "application/x-www-form-urlencoded" })],
      [`/jimmy/${jimmy}.data`, signedIn({ "Content-Type": "application/x-www-form-urlencoded" })],
      ["/no/such/page", signedIn({ "Content-Type": "text/plain" })],
      ["/api/upload", signedIn({ "Content-Type": MULTIPART_TYPE })],
      ["/uploads/direct", { "Content-Type": MULTIPART_TYPE }],
      [`/jimmy/${jimmy}/new-discovery`, signedIn({ "Content-Type": MULTIPART_TYPE })],
    ];
    for (const [path, headers] of cases) {
      const { answer, growthMb } = await growthWhile(() => streamBody(server.baseURL, path, headers, formFiller(HOSTILE_MB)));
      // A page with no action answers 405 without reading; all others stop at their limit.
      expect([405, 413, null], path).toContain(answer.status);
      // At most the 48 MB photo-form limit, plus what the network buffers held when the answer came.
      expect(answer.sent, path).toBeLessThan(96 * 1024 * 1024);
      expect(growthMb, path).toBeLessThan(MEMORY_BOUND_MB);
    }
  });

  test("a body that declares more than its address takes is refused with 413 and a message before it is read", async () => {
    for (const [path, limit] of [
      ["/api/auth/callback/apple", "256 KB"],
      ["/api/upload", "48 MB"],
    ] as const) {
      const answer = await streamBody(
        server.baseURL,
        path,
        { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(2 ** 30), Origin: "https://appleid.apple.com" },
        formFiller(1),
      );
      expect(answer.status, path).toBe(413);
      expect(answer.headers.connection, path).toBe("close");
      expect(messageOf(answer.text), path).toContain(`at most ${limit}`);
    }
  });
});

test.describe("multipart field floods", () => {
  test("150 MB of distinct 2 KB fields to /uploads/direct, with no session, is refused early with 413 and a message; memory stays put", async () => {
    const { answer, growthMb } = await growthWhile(() =>
      streamBody(server.baseURL, "/uploads/direct", { "Content-Type": MULTIPART_TYPE }, fieldFlood(HOSTILE_MB)),
    );
    expect(answer.status).toBe(413);
    expect(messageOf(answer.text)).toMatch(/^The form.s fields hold more than 16 KB, far more than this form needs/);
    expect(answer.sent).toBeLessThan(16 * 1024 * 1024);
    expect(growthMb).toBeLessThan(MEMORY_BOUND_MB);
  });

  test("signed in, the same flood to /api/upload and the report forms is refused early with 413 and a message; memory stays put", async () => {
    const jimmy = mintJimmy();
    for (const path of ["/api/upload", `/jimmy/${jimmy}/new-discovery`, `/jimmy/${jimmy}/first-discovery`]) {
      const { answer, growthMb } = await growthWhile(() =>
        streamBody(server.baseURL, path, signedIn({ "Content-Type": MULTIPART_TYPE }), fieldFlood(HOSTILE_MB)),
      );
      expect(answer.status, path).toBe(413);
      expect(answer.text, path).toMatch(/The form(&#x27;|')s fields hold more than 64 KB, far more than this form needs/);
      expect(answer.sent, path).toBeLessThan(16 * 1024 * 1024);
      expect(growthMb, path).toBeLessThan(MEMORY_BOUND_MB);
    }
    expect(server.withDb((db) => db.prepare("select count(*) as n from temp_uploads").get()) as { n: number }).toEqual({ n: 0 });
  });

  test("a few fields whose total passes 64 KB are refused with 413 though each is within its own limit", async () => {
    const parts = Array.from({ length: 40 }, (_, i) => textPart(`note${i}`, "n".repeat(4000)));
    const response = await fetch(`${server.baseURL}/api/upload`, {
      method: "POST",
      headers: signedIn({ "Content-Type": MULTIPART_TYPE }),
      body: multipartBody(...parts, CLOSING),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("more than 64 KB");
  });
});

test.describe("malformed forms and odd file names", () => {
  const NAMES = ['filename="IMG=1234.jpg"', 'filename="a;b.jpg"', 'filename="quote\\"d; x=1.jpg"', "filename*=UTF-8''caf%C3%A9%3D1.jpg"];

  test("a photo whose file name holds = or ; uploads like any other through /api/upload", async () => {
    for (const name of NAMES) {
      const response = await fetch(`${server.baseURL}/api/upload`, {
        method: "POST",
        headers: signedIn({ "Content-Type": MULTIPART_TYPE }),
        body: multipartBody(filePartHead("photo", name), PHOTO, "\r\n", CLOSING),
      });
      expect(response.status, name).toBe(200);
      expect(((await response.json()) as { tempPath: string }).tempPath, name).toMatch(/^uploads\//);
    }
  });

  test("a photo named IMG=1234.jpg or a;b.jpg reports a discovery through the report forms", async () => {
    for (const [name, page] of [
      ['filename="IMG=1234.jpg"', "first-discovery"],
      ['filename="a;b.jpg"', "new-discovery"],
    ] as const) {
      const jimmy = mintJimmy();
      const response = await fetch(`${server.baseURL}/jimmy/${jimmy}/${page}`, {
        method: "POST",
        headers: signedIn({ "Content-Type": MULTIPART_TYPE }),
        body: multipartBody(
          textPart("caption", "Under the bridge"),
          textPart("checkCode", checkCode(jimmy)),
          filePartHead("photo", name),
          PHOTO,
          "\r\n",
          textPart("location", "Austin, TX"),
          CLOSING,
        ),
        redirect: "manual",
      });
      expect(response.status, `${name} ${await response.clone().text()}`).toBe(302);
      expect(response.headers.get("Location")).toBe(`/jimmy/${jimmy}`);
      const stored = server.withDb((db) =>
        db.prepare("select d.location from discoveries d join jimmys j on j.id = d.jimmy_id where j.serial_number = ?").all(jimmy),
      );
      expect(stored, name).toEqual([{ location: "Austin, TX" }]);
    }
  });

  /** The signed fields of a direct upload, as the browser gets them, as multipart text parts. */
  async function signedUploadParts(): Promise<string[]> {
    const target = await fetch(`${server.baseURL}/api/upload-target`, {
      method: "POST",
      headers: signedIn({ "Content-Type": "application/json" }),
      body: JSON.stringify({ contentType: "image/jpeg", size: PHOTO.length }),
    });
    expect(target.status).toBe(200);
    const { fields } = (await target.json()) as { fields: Record<string, string> };
    return Object.entries(fields).map(([name, value]) => textPart(name, value));
  }

  test("a photo with = and ; in its name goes straight to storage through /uploads/direct", async () => {
    const response = await fetch(`${server.baseURL}/uploads/direct`, {
      method: "POST",
      headers: { "Content-Type": MULTIPART_TYPE },
      body: multipartBody(...(await signedUploadParts()), filePartHead("file", 'filename="IMG=1;2.jpg"'), PHOTO, "\r\n", CLOSING),
    });
    expect(response.status).toBe(204);
  });

  test("an admin replaces a discovery's image with a photo named IMG=1;2.jpg", async () => {
    const login = await fetch(`${server.baseURL}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseURL },
      body: JSON.stringify({ password: E2E_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const admin = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("jh_admin="))!
      .split(";")[0]!;
    const { id } = server.withDb((db) => db.prepare("select id from discoveries order by id limit 1").get()) as { id: number };
    const response = await fetch(`${server.baseURL}/api/admin/discoveries/${id}/image`, {
      method: "POST",
      headers: { Cookie: admin, Origin: server.baseURL, "Content-Type": MULTIPART_TYPE },
      body: multipartBody(filePartHead("image", 'filename="IMG=1;2.jpg"'), PHOTO, "\r\n", CLOSING),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Image updated" });
  });

  test("a form cut off inside the photo, or without its boundary, answers 400 with a message on every upload address", async () => {
    const jimmy = mintJimmy();
    const discoveries = () => server.withDb((db) => db.prepare("select count(*) as n from discoveries").get());
    const before = discoveries();
    const cut = multipartBody(textPart("location", "Austin"), filePartHead("photo", 'filename="a.jpg"'), PHOTO.subarray(0, 5000));
    const cutDirect = multipartBody(...(await signedUploadParts()), filePartHead("file", 'filename="a.jpg"'), PHOTO.subarray(0, 5000));
    const cases: [string, Uint8Array<ArrayBuffer>, Record<string, string>][] = [
      ["/api/upload", cut, signedIn({ "Content-Type": MULTIPART_TYPE })],
      [`/jimmy/${jimmy}/new-discovery`, cut, signedIn({ "Content-Type": MULTIPART_TYPE })],
      [`/jimmy/${jimmy}/first-discovery`, cut, signedIn({ "Content-Type": MULTIPART_TYPE })],
      ["/uploads/direct", cutDirect, { "Content-Type": MULTIPART_TYPE }],
      ["/api/upload", Buffer.from(CLOSING), signedIn({ "Content-Type": "multipart/form-data" })],
      [`/jimmy/${jimmy}/new-discovery`, multipartBody(`--${BOUNDARY}\r\nContent-Dispo`), signedIn({ "Content-Type": MULTIPART_TYPE })],
    ];
    for (const [path, body, headers] of cases) {
      const response = await fetch(`${server.baseURL}${path}`, { method: "POST", headers, body, redirect: "manual" });
      const text = await response.text();
      expect(response.status, `${path}: ${text.slice(0, 200)}`).toBe(400);
      expect(messageOf(text), path).toContain("could not be read");
    }
    expect(discoveries()).toEqual(before);
  });

  test("TRACE and other methods the site does not answer get 405 with a message, never a 500", async () => {
    for (const [method, path] of [
      ["TRACE", "/"],
      ["TRACE", "/api/upload"],
      ["PROPFIND", "/jimmy/1"],
    ] as const) {
      const answer = await streamBody(server.baseURL, path, {}, [], method);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.text).toContain(`This site does not answer ${method} requests.`);
      expect(answer.headers.allow).toContain("GET");
    }
  });
});
