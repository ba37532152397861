import fs from "node:fs";
import net from "node:net";
import { afterAll, expect, test } from "vitest";
import { freshDataDir, Hunter, log, mintJimmys, samplePhoto, sleep, startApp, summarize, type AppProcess } from "./support";

const LOAD_SECONDS = 60;
const PROBE_SECONDS = 8;
const REQUEST_TIMEOUT_MS = 5000;
const dataDir = freshDataDir("load");
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Outcome = { kind: string; ms: number; status: number; intended429: boolean; error?: string };

test(`${LOAD_SECONDS} s of mixed reads and writes at 80% of the measured maximum: no errors but intended 429s; a 1 byte/s upload is cut off without slowing others`, async () => {
  app = await startApp(dataDir, { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
  const baseURL = app.baseURL;
  const jimmyIds = mintJimmys(dataDir, 3000, 30);
  const photo = await samplePhoto();
  const hunters = Array.from({ length: 8 }, (_, i) => new Hunter(baseURL, `Load${i}`));
  for (const hunter of hunters) await hunter.signIn();
  const discoveryIds: number[] = [];
  let seq = 0;

  const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
  async function timed(kind: string, run: () => Promise<{ status: number; intended429?: boolean }>): Promise<Outcome> {
    const started = performance.now();
    try {
      const { status, intended429 = false } = await run();
      return { kind, ms: performance.now() - started, status, intended429 };
    } catch (error) {
      return { kind, ms: performance.now() - started, status: 0, intended429: false, error: String(error) };
    }
  }
  const get = async (path: string) => {
    const response = await fetch(`${baseURL}${path}`);
    await response.arrayBuffer();
    return { status: response.status };
  };
  /** One hunter or visitor action, drawn from a mix weighted towards reading. */
  function operation(): Promise<Outcome> {
    const roll = Math.random() * 100;
    const n = seq++;
    if (roll < 40) return timed("list", () => get("/api/discoveries?limit=20"));
    if (roll < 55) return timed("home", () => get("/"));
    if (roll < 65) return timed("stats", () => get("/api/stats"));
    if (roll < 75) return timed("jimmy", () => get(`/jimmy/${3000 + (n % 30)}`));
    if (roll < 90) {
      return timed("report", async () => {
        const hunter = pick(hunters);
        const upload = await hunter.upload(photo);
        // Eight hunters carry the whole load: past their per-hunter limits, 429 is the intended answer.
        if (upload.status !== 200) return { status: upload.status, intended429: upload.status === 429 };
        const { tempPath } = (await upload.json()) as { tempPath: string };
        const report = await hunter.report(pick(jimmyIds), tempPath, `Load ${n}`, { latitude: 30.27, longitude: -97.74 });
        const body = (await report.json()) as { id?: number };
        if (body.id) discoveryIds.push(body.id);
        return { status: report.status, intended429: report.status === 429 };
      });
    }
    if (roll < 95 && discoveryIds.length > 0) {
      return timed("like", async () => {
        const response = await pick(hunters).request(`/api/discoveries/${pick(discoveryIds)}/like`, { method: "POST" });
        await response.arrayBuffer();
        return { status: response.status, intended429: response.status === 429 };
      });
    }
    return timed("comment", async () => {
      // The JSON API takes comments from signed-in hunters only.
      const response = await pick(hunters).request(`/api/jimmys/${pick(jimmyIds)}/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ content: `Still here at ${n}` }),
      });
      await response.arrayBuffer();
      // Comments are limited per hunter and eight hunters carry the whole load: past their limits, 429 is the intended answer.
      return { status: response.status, intended429: response.status === 429 };
    });
  }
  const failed = (o: Outcome) => o.error !== undefined || (o.status >= 400 && !o.intended429);

  // Warm up (the first located report loads the geography data).
  for (let i = 0; i < 5; i++) await operation();

  // The maximum: as many operations as 12 clients that never pause complete.
  const closed: Outcome[] = [];
  const closedUntil = Date.now() + PROBE_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      while (Date.now() < closedUntil) closed.push(await operation());
    }),
  );
  const maxRate = closed.length / PROBE_SECONDS;
  const targetRate = maxRate * 0.8;

  // The load: operations started at a steady 80% of that rate, whether or not earlier ones have finished.
  const pending: Promise<Outcome>[] = [];
  const loadStarted = Date.now();
  for (let i = 0; ; i++) {
    const due = loadStarted + (i * 1000) / targetRate;
    if (due > loadStarted + LOAD_SECONDS * 1000) break;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    pending.push(operation());
  }
  const outcomes = await Promise.all(pending);
  const elapsed = (Date.now() - loadStarted) / 1000;
  const errors = outcomes.filter(failed);
  const intended = outcomes.filter((o) => o.intended429).length;
  const all = summarize(outcomes.map((o) => o.ms));
  const byKind = [...new Set(outcomes.map((o) => o.kind))].map((kind) => {
    const list = outcomes.filter((o) => o.kind === kind);
    return `${kind} ${list.length} (p99 ${summarize(list.map((o) => o.ms)).p99.toFixed(0)} ms)`;
  });
  log(
    `load: maximum ${maxRate.toFixed(1)} operations/s (12 closed-loop clients, ${PROBE_SECONDS} s, ${closed.filter(failed).length} errors); ` +
      `then ${outcomes.length} operations at ${targetRate.toFixed(1)}/s over ${elapsed.toFixed(1)} s: ${errors.length} errors, ${intended} intended 429s; ` +
      `latency p50 ${all.p50.toFixed(0)} ms, p95 ${all.p95.toFixed(0)} ms, p99 ${all.p99.toFixed(0)} ms, max ${all.max.toFixed(0)} ms; ${byKind.join(", ")}`,
  );
  expect(errors.slice(0, 5)).toEqual([]);
  expect(closed.filter(failed).slice(0, 5)).toEqual([]);

  // A request whose body trickles in at 1 byte/s, against the same steady reads with and without it.
  async function probe(seconds: number): Promise<number[]> {
    const latencies: number[] = [];
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          const started = performance.now();
          const { status } = await get("/api/discoveries?limit=20");
          expect(status).toBe(200);
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies;
  }
  function trickle(): Promise<{ cutAfterMs: number; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(Number(new URL(baseURL).port), "127.0.0.1");
      let answer = "";
      let timer: ReturnType<typeof setInterval> | undefined;
      socket.on("connect", () => {
        socket.write(
          `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${hunters[0]!.sessionCookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n` +
            `--x\r\nContent-Disposition: form-data; name="photo"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        );
        timer = setInterval(() => socket.write("a"), 1000);
      });
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ cutAfterMs: Date.now() - started, answer: answer.split("\r\n")[0] ?? "" });
      });
    });
  }
  const baseline = summarize(await probe(4));
  const trickles = Array.from({ length: 5 }, () => trickle());
  const during = summarize(await probe(4));
  const cut = await Promise.all(trickles);
  const ratio = during.p50 / baseline.p50;
  log(
    `trickle: 5 uploads sending 1 byte/s were cut after ${cut.map((c) => (c.cutAfterMs / 1000).toFixed(1)).join(", ")} s (request timeout ${REQUEST_TIMEOUT_MS / 1000} s; answer "${cut[0]?.answer}"); ` +
      `other requests p50 ${baseline.p50.toFixed(1)} ms / p95 ${baseline.p95.toFixed(1)} ms without, ${during.p50.toFixed(1)} ms / ${during.p95.toFixed(1)} ms with (p50 ratio ${ratio.toFixed(2)})`,
  );
  for (const { cutAfterMs } of cut) expect(cutAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2500);
  expect(ratio).toBeLessThan(2);
});
