/**
 * Where a rendered page's cost goes, in milliseconds of the server's main
 * thread per request: for each page a signed-in hunter opens, what the server spent on
 * it, what React alone spends on the same markup (scripts/bench/markup.ts),
 * and the framework's floor, the privacy policy (a page of text, nearly no
 * data). Beside them, what issue 22's budget of 0.03× the bare server's
 * throughput leaves a page in the same run.
 *
 *   npm run bench:render-cost          (uses build/; about two minutes)
 *
 * CPU time is read from /proc (Linux), so it counts the server's work and
 * none of the load generator's, which shares the machine; it moves far less
 * between runs than a throughput does. The home page and All Discoveries are
 * loaded as the bench loads them rendered: with a cookie that signs nobody
 * in (a signed-in hunter gets them from their templates, ADR 008).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { signedInCookie, startApp, stopChild } from "./app-server.ts";
import { buildBenchData, renderBenchPhotos } from "./data.ts";
import { bareHeaders, getRaw, load } from "./load.ts";

const REQUESTS = 1_500;
const ROUNDS = 3;

/**
 * The CPU time so far of the server's main thread, in ms: the thread that runs
 * JavaScript, whose time per request is what bounds a page's throughput
 * (compression and garbage collection also use helper threads).
 */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime (fields 14 and 15 of the whole line), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (!fs.existsSync("/proc/self/stat")) throw new Error("render-cost reads the server's CPU time from /proc: run it on Linux.");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-hunt-render-cost-"));
const photosDir = path.join(work, "data", "photos");
fs.mkdirSync(photosDir, { recursive: true });
const built = await buildBenchData({
  databasePath: path.join(work, "data", "jimmy-hunt.sqlite"),
  jimmys: 200,
  hunters: 400,
  discoveries: 4000,
  photos: await renderBenchPhotos(photosDir, 3),
});
const app = await startApp(path.join(work, "data"));
const ACCEPT = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html,application/json;q=0.9,*/*;q=0.8" };
const headers = { ...ACCEPT, Cookie: await signedInCookie(app.baseURL) };
// The bare server's answer, as scripts/bench.ts takes it: the signed-out home page as sent (compressed).
await getRaw(app.baseURL + "/", ACCEPT);
const home = await getRaw(app.baseURL + "/", ACCEPT);
const RENDER = { ...ACCEPT, Cookie: "bench=render" };
const pages: Record<string, [route: string, headers: Record<string, string>]> = {
  "/privacy-policy (the floor)": ["/privacy-policy", headers],
  "/ (rendered)": ["/", RENDER],
  "/discoveries (rendered)": ["/discoveries", RENDER],
  "/jimmy/{serial}": [`/jimmy/${built.typicalSerial}`, headers],
  "/hall-of-fame": ["/hall-of-fame", headers],
  "/map": ["/map", headers],
};

type Row = { page: string; cpu: number; markup: number; elements: number };
const rows: Row[] = [];
for (const [name, [route, asked]] of Object.entries(pages)) {
  const url = app.baseURL + route;
  const htmlFile = path.join(work, `${rows.length}.html`);
  fs.writeFileSync(htmlFile, await fetch(url, { headers: { Cookie: asked.Cookie! } }).then((response) => response.text()));
  await load(url, { connections: 4, durationSeconds: 30, maxRequests: 300, headers: asked });
  const perRequest: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = cpuMs(app.pid);
    const result = await load(url, { connections: 4, durationSeconds: 120, maxRequests: REQUESTS, headers: asked });
    if (result.failures > 0) throw new Error(`${route}: ${result.failures} failures`);
    perRequest.push((cpuMs(app.pid) - before) / result.requests);
  }
  // In a process of its own with NODE_ENV=production: this one would load React's development build.
  const markup = spawnSync(process.execPath, [...process.execArgv, path.join(import.meta.dirname, "markup.ts"), htmlFile], {
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  const measured = /: (\d+) elements, \d+ bytes: React alone ([\d.]+) ms/.exec(markup.stdout);
  if (markup.status !== 0 || !measured) throw new Error(`markup.ts failed on ${route}: ${markup.stderr}`);
  rows.push({ page: name, cpu: median(perRequest), elements: Number(measured[1]), markup: Number(measured[2]) });
  console.log(
    `${name}: ${median(perRequest).toFixed(2)} ms of the main thread per request (${perRequest.map((ms) => ms.toFixed(2)).join(", ")})`,
  );
}
await app.stop();

// The budget's baseline, loaded the way scripts/bench.ts loads it.
const bodyFile = path.join(work, "bare-body");
fs.writeFileSync(bodyFile, home.body);
const bare = spawn(process.execPath, [path.join(import.meta.dirname, "bare-server.ts"), bodyFile, JSON.stringify(bareHeaders(home))], {
  stdio: ["ignore", "pipe", "inherit"],
});
const port = await new Promise<string>((resolve) => bare.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim())));
await load(`http://127.0.0.1:${port}/`, { connections: 10, durationSeconds: 2, maxRequests: 1e6, headers: ACCEPT });
const bareRps = (await load(`http://127.0.0.1:${port}/`, { connections: 10, durationSeconds: 5, maxRequests: 1e6, headers: ACCEPT })).rps;
await stopChild(bare);
const budgetMs = 1000 / (0.03 * bareRps);

const floor = rows[0]!;
console.log(
  `\nBare server: ${bareRps.toFixed(0)} req/s, so 0.03× of it is ${(0.03 * bareRps).toFixed(0)} req/s: ${budgetMs.toFixed(2)} ms of one CPU per page.\n`,
);
console.log(
  "| Page, signed in | Main thread per request | React alone, same markup (elements) | Floor + markup | Left for data and components |",
);
console.log("| --- | --- | --- | --- | --- |");
for (const row of rows) {
  const base = row === floor ? row.cpu : floor.cpu - floor.markup + row.markup;
  console.log(
    `| \`${row.page}\` | ${row.cpu.toFixed(2)} ms | ${row.markup.toFixed(2)} ms (${row.elements}) | ${base.toFixed(2)} ms | ${(row.cpu - base).toFixed(2)} ms |`,
  );
}
fs.rmSync(work, { recursive: true, force: true });
