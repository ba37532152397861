/**
 * Search's cost as the hunt grows (issue 24, item 4; ADR 018): /search
 * rendered for a common place, a word every discovery holds and a rare
 * word, at each data size. Part of the full bench's scale points
 * (scripts/bench.ts); run alone it builds its own data sets:
 *
 *   npx tsx scripts/bench/search.ts              10,000 and 1,000,000 discoveries
 *   npx tsx scripts/bench/search.ts 10000,100000 other sizes
 *
 * on the existing build/ (run `npm run build` first).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startApp } from "./app-server";
import { buildBenchData, renderBenchPhotos } from "./data";
import { getRaw, load, type LoadResult } from "./load";

/** What is searched for, each with how many results its first page must list at any size. */
export const SEARCH_QUERIES = {
  "common place": { route: "/search?q=Austin", results: 20 },
  // Every bench hunter's last name is Bench: the whole hunt matches.
  "word in every discovery": { route: "/search?q=bench", results: 20 },
  "rare word": { route: "/search?q=periscope", results: 5 },
} as const;

export type SearchQuery = keyof typeof SEARCH_QUERIES;

/** Each query's latency, one connection, after a warm-up; throws when a page is wrong. */
export async function measureSearch(
  baseURL: string,
  { requests, headers }: { requests: number; headers: Record<string, string> },
): Promise<Record<SearchQuery, LoadResult>> {
  const latency = {} as Record<SearchQuery, LoadResult>;
  for (const [name, { route, results }] of Object.entries(SEARCH_QUERIES) as [SearchQuery, (typeof SEARCH_QUERIES)[SearchQuery]][]) {
    const page = await getRaw(baseURL + route, { ...headers, "Accept-Encoding": "identity" });
    const listed = page.body.toString().split('data-testid="search-result"').length - 1;
    if (page.status !== 200 || listed !== results)
      throw new Error(`GET ${route} answered ${page.status} listing ${listed}, not ${results}`);
    await load(baseURL + route, { connections: 1, durationSeconds: 5, maxRequests: 10, headers });
    latency[name] = await load(baseURL + route, { connections: 1, durationSeconds: 60, maxRequests: requests, headers });
  }
  return latency;
}

async function main() {
  const sizes = (process.argv[2] ?? "10000,1000000").split(",").map(Number);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-hunt-bench-search-"));
  const headers = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html" };
  const rows: { size: number; seedSeconds: number; latency: Record<SearchQuery, LoadResult> }[] = [];
  try {
    const photosDir = path.join(workDir, "photos");
    const photos = await renderBenchPhotos(photosDir, 3);
    for (const size of sizes) {
      const dataDir = path.join(workDir, `data-${size}`);
      fs.mkdirSync(dataDir, { recursive: true });
      fs.symlinkSync(photosDir, path.join(dataDir, "photos"));
      const built = await buildBenchData({
        databasePath: path.join(dataDir, "jimmy-hunt.sqlite"),
        jimmys: 5_000,
        hunters: 2_000,
        discoveries: size,
        photos,
      });
      console.log(`Seeded ${size.toLocaleString("en-US")} discoveries in ${built.seconds.toFixed(1)} s`);
      const app = await startApp(dataDir);
      try {
        rows.push({ size, seedSeconds: built.seconds, latency: await measureSearch(app.baseURL, { requests: 200, headers }) });
      } finally {
        await app.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const names = Object.keys(SEARCH_QUERIES) as SearchQuery[];
  console.log(`\nDiscoveries | seed s | ${names.map((n) => `${n} p50 / p95 ms`).join(" | ")}`);
  for (const { size, seedSeconds, latency } of rows) {
    const cells = names.map((n) => `${latency[n].p50.toFixed(1)} / ${latency[n].p95.toFixed(1)}`);
    console.log(`${size.toLocaleString("en-US")} | ${seedSeconds.toFixed(1)} | ${cells.join(" | ")}`);
  }
  const [first, last] = [rows[0]!, rows[rows.length - 1]!];
  for (const n of names) console.log(`${n}: p50 ${(last.latency[n].p50 / Math.max(first.latency[n].p50, 0.5)).toFixed(2)}× (budget 1.5×)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
