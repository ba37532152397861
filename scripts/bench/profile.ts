/**
 * A CPU profile of the production server while it renders one page under
 * load for a signed-in hunter: the top functions by self time, and by file.
 *
 *   npm run bench:profile -- [route] [seconds] [--anonymous | --signed-out] [--lang=ar]     (uses build/)
 *
 * --anonymous loads the page with a cookie that signs nobody in, so each
 * request is rendered rather than answered from a cached copy; --signed-out
 * loads it with no cookie at all, as a visitor opening a shared link: the
 * anonymous page cache's copy. It also prints what React alone takes to
 * render the page's markup (scripts/bench/markup.ts): the part of the
 * page's cost that no change to its components can remove. --lang=ar renders
 * the page in that language (the `lang` cookie), to compare with English.
 */
import fs from "node:fs";
import path from "node:path";
import { signedInCookie, startApp } from "./app-server.ts";
import { buildSmallBenchData } from "./data.ts";
import { load } from "./load.ts";
import { markupCostOfFile } from "./markup.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const route = process.argv[2] ?? "/jimmy/{serial}";
const seconds = Number(process.argv[3] ?? 8) || 8;
const built = await buildSmallBenchData("jimmy-hunt-profile-");
const work = built.work;
const profDir = path.join(work, "prof");
const app = await startApp(built.dataDir, { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`] });
const baseURL = app.baseURL;
const cookie = process.argv.includes("--signed-out")
  ? null
  : process.argv.includes("--anonymous")
    ? "bench=render"
    : await signedInCookie(baseURL);
const language = process.argv.find((arg) => arg.startsWith("--lang="))?.slice("--lang=".length);
const cookies = [cookie, language ? `lang=${language}` : null].filter(Boolean).join("; ");
const cookieHeader: Record<string, string> = cookies ? { Cookie: cookies } : {};
const url = baseURL + route.replace("{serial}", String(built.typicalSerial));
const page = await fetch(url, { headers: { ...cookieHeader, "Accept-Encoding": "br" } });
const html = await fetch(url, { headers: cookieHeader }).then((r) => r.text());
console.log(`${url}: ${page.status}, ${html.length} bytes of HTML, ${(await page.arrayBuffer()).byteLength} compressed`);
fs.writeFileSync(path.join(work, "page.html"), html);
const result = await load(url, {
  connections: 10,
  durationSeconds: seconds,
  maxRequests: 1e6,
  headers: { ...cookieHeader, "Accept-Encoding": "gzip, deflate, br" },
});
console.log(`${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, failures ${result.failures}`);
// The same markup rendered by React with nothing else (scripts/bench/markup.ts).
const markup = markupCostOfFile(path.join(work, "page.html"));
console.log(
  `React alone on the same markup: ${markup.msPerRender.toFixed(2)} ms per render (${markup.elements} elements, ${markup.bytes} bytes)`,
);
await app.stop();
const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"))!;
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFn = new Map<string, number>();
const byFile = new Map<string, number>();
for (const node of profile.nodes) {
  const t = self.get(node.id) ?? 0;
  const where = node.callFrame.url.replace(/^file:\/\//, "").replace(ROOT + "/", "");
  const fn = `${node.callFrame.functionName || "(anonymous)"} ${where}:${node.callFrame.lineNumber + 1}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + t);
  const f = where.replace(/node_modules\/((@[^/]+\/)?[^/]+).*/, "$1") || node.callFrame.functionName;
  byFile.set(f, (byFile.get(f) ?? 0) + t);
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join("\n");
console.log(`\nSelf time by function (${(total / 1e6).toFixed(1)} s sampled):\n${top(byFn, 30)}`);
console.log(`\nSelf time by package or file:\n${top(byFile, 20)}`);
console.log(`\nProfile: ${path.join(profDir, file)}; page: ${path.join(work, "page.html")}`);
