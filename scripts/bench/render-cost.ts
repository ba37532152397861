/**
 * Where a rendered page's cost goes, in milliseconds of the server's main
 * thread per request: for each page a signed-in hunter opens, what the server
 * spent on it, what React alone spends on the same markup
 * (scripts/bench/markup.ts), and the floor: the privacy policy, a page of
 * text with nearly no data, which costs this app's shell (Express, the
 * security layers, the session, the root layout, Remix's document handling,
 * compression). Beside them, Remix alone on the same page (a minimal Remix
 * server sending its markup and its loader data, scripts/bench/remix-floor.ts)
 * and what issue 22's budget of 0.03× the bare server's throughput leaves a
 * page in the same run.
 *
 *   npm run bench:render-cost                         (uses build/; about six minutes)
 *   npm run bench:render-cost -- --against <checkout>  (and compares with another built checkout)
 *   npm run bench:render-cost -- --against <checkout> --page jimmy --rounds 7
 *                                                     (the pages named "jimmy" and the floor, seven rounds)
 *
 * CPU time is read from /proc (Linux), so it counts the server's work and
 * none of the load generator's, which shares the machine: two identical
 * builds taking turns read within 3% of each other, where throughput A/B runs
 * moved by 10–20%. Every page is loaded as a signed-in hunter gets it: rendered
 * for them on each request (ADR 022). Its budget (docs/performance.md): the app
 * spends at most 1.25× what Remix alone spends on the same page.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { signedInCookie, startApp, startBare, startRemixFloor } from "./app-server.ts";
import { buildBenchData, renderBenchPhotos } from "./data.ts";
import { bareHeaders, getRaw, load } from "./load.ts";
import { markupCostOfFile } from "./markup.ts";
import { canReadCpuTime, mainThreadPerRequest, median, VERSUS_REMIX_BUDGET, type MeasuredServer } from "./main-thread.ts";

const REQUESTS = 1_500;
/** `--rounds N`: rounds per page (3 by default); more tell a small change from the drift of a busy machine. */
const roundsAt = process.argv.indexOf("--rounds");
const ROUNDS = roundsAt === -1 ? 3 : Number(process.argv[roundsAt + 1]);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error("--rounds needs a whole number of rounds, 1 or more.");
/** `--page <text>` (repeatable): only the pages whose name has that text in it, and the floor. */
const onlyPages = process.argv.flatMap((arg, i) => (process.argv[i - 1] === "--page" ? [arg] : []));
/** Another checkout (with its own node_modules and build/) to load in turn with this one, on the same data. */
const againstAt = process.argv.indexOf("--against");
const against = againstAt === -1 ? null : (process.argv[againstAt + 1] ?? null);
if (againstAt !== -1 && (against === null || !fs.existsSync(path.join(against, "build/server/index.js")))) {
  throw new Error("--against needs a checkout that has been built (its build/server/index.js).");
}

if (!canReadCpuTime()) throw new Error("render-cost reads the server's CPU time from /proc: run it on Linux.");

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
const other = against === null ? null : await startApp(path.join(work, "data"), { root: path.resolve(against) });
const ACCEPT = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html,application/json;q=0.9,*/*;q=0.8" };
const cookies = { app: await signedInCookie(app.baseURL), other: other === null ? "" : await signedInCookie(other.baseURL) };
// The bare server's answer, as scripts/bench.ts takes it: the signed-out home page as sent (compressed).
await getRaw(app.baseURL + "/", ACCEPT);
const home = await getRaw(app.baseURL + "/", ACCEPT);
const FLOOR = "/privacy-policy (the floor)";
/** Each page, as a signed-in hunter opens it. */
const pages: Record<string, string> = {
  [FLOOR]: "/privacy-policy",
  "/": "/",
  "/discoveries": "/discoveries",
  "/jimmy/{serial}": `/jimmy/${built.typicalSerial}`,
  // The Jimmy with the fewest discoveries: with the page above, what a card costs.
  "/jimmy/{serial}, the fewest cards": `/jimmy/${built.shortSerial}`,
  "/hall-of-fame": "/hall-of-fame",
  "/map": "/map",
};

for (const name of Object.keys(pages)) {
  if (name !== FLOOR && onlyPages.length > 0 && !onlyPages.some((text) => name.includes(text))) delete pages[name];
}

type Row = {
  page: string;
  cards: number;
  cpu: number;
  markup: number;
  elements: number;
  remix: number;
  against: number | null;
  /** This checkout's time ÷ the other's, round by round. */
  pairs: number[];
};
const rows: Row[] = [];
const servers: MeasuredServer[] = [
  { baseURL: app.baseURL, pid: app.pid, headers: { ...ACCEPT, Cookie: cookies.app } },
  ...(other === null ? [] : [{ baseURL: other.baseURL, pid: other.pid, headers: { ...ACCEPT, Cookie: cookies.other } }]),
];
const rounds = (values: number[]) => values.map((ms) => ms.toFixed(2)).join(", ");
for (const [name, route] of Object.entries(pages)) {
  const htmlFile = path.join(work, `${rows.length}.html`);
  const html = await fetch(app.baseURL + route, { headers: { Cookie: cookies.app } }).then((response) => response.text());
  fs.writeFileSync(htmlFile, html);
  // Remix alone on the page just saved, taking its turns with the app.
  const floor = await startRemixFloor(htmlFile);
  const measured = await mainThreadPerRequest(route, [...servers, { baseURL: floor.baseURL, pid: floor.pid, headers: ACCEPT }], {
    rounds: ROUNDS,
    requests: REQUESTS,
  });
  await floor.stop();
  const perRequest = measured[0]!;
  const remixRounds = measured.at(-1)!;
  const againstRounds = other === null ? undefined : measured[1]!;
  const markup = markupCostOfFile(htmlFile);
  rows.push({
    page: name,
    cards: html.match(/<article[\s>]/g)?.length ?? 0,
    cpu: median(perRequest),
    elements: markup.elements,
    markup: markup.msPerRender,
    remix: median(remixRounds),
    against: againstRounds === undefined ? null : median(againstRounds),
    pairs: againstRounds === undefined ? [] : perRequest.map((ms, round) => ms / againstRounds[round]!),
  });
  console.log(
    `${name}: ${median(perRequest).toFixed(2)} ms of the main thread per request (${rounds(perRequest)}); ` +
      `Remix alone on it ${median(remixRounds).toFixed(2)} ms (${rounds(remixRounds)})` +
      (againstRounds === undefined ? "" : `; ${against}: ${median(againstRounds).toFixed(2)} ms (${rounds(againstRounds)})`),
  );
}
await app.stop();
await other?.stop();

// The budget's baseline, loaded the way scripts/bench.ts loads it.
const bare = await startBare(home.body, bareHeaders(home), work);
await load(bare.url, { connections: 10, durationSeconds: 2, maxRequests: 1e6, headers: ACCEPT });
const bareRps = (await load(bare.url, { connections: 10, durationSeconds: 5, maxRequests: 1e6, headers: ACCEPT })).rps;
await bare.stop();
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
console.log(
  `\nRemix alone: a minimal Remix server (scripts/bench/remix-floor.ts) sending the same page, its markup and its loader data, with none of the app's code. Budget: ${budgetMs.toFixed(2)} ms.\n`,
);
console.log(
  `| Page | The app | Remix alone on it | The app ÷ Remix alone (budget ≤ ${VERSUS_REMIX_BUDGET}×) | Remix alone within 0.03× bare? |`,
);
console.log("| --- | --- | --- | --- | --- |");
for (const row of rows) {
  const ratio = row.cpu / row.remix;
  console.log(
    `| \`${row.page}\` | ${row.cpu.toFixed(2)} ms | ${row.remix.toFixed(2)} ms | ${ratio.toFixed(2)}× ${ratio <= VERSUS_REMIX_BUDGET ? "pass" : "over"} | ${row.remix <= budgetMs ? "yes" : "no"} |`,
  );
}
// What one more card costs on a Jimmy page, and how many the budget leaves room for.
const long = rows.find((row) => row.page === "/jimmy/{serial}");
const short = rows.find((row) => row.page === "/jimmy/{serial}, the fewest cards");
if (long && short && long.cards > short.cards) {
  for (const [who, cost] of [
    ["The app", (row: Row) => row.cpu],
    ["Remix alone", (row: Row) => row.remix],
  ] as const) {
    const perCard = (cost(long) - cost(short)) / (long.cards - short.cards);
    const withNone = cost(short) - perCard * short.cards;
    const room = Math.floor((budgetMs - withNone) / perCard);
    console.log(
      `${who}: a Jimmy page costs ${withNone.toFixed(2)} ms and ${perCard.toFixed(3)} ms a card ` +
        `(${short.cards} and ${long.cards} cards): the budget leaves room for ${room > 0 ? room : "no"} cards.`,
    );
  }
}
if (against !== null) {
  // Round by round, the two servers measured back to back: a drift of the machine that outlasts a round falls on both.
  console.log(
    `\n| Page | This checkout | ${against} | This ÷ that | Round by round: median (lowest–highest) |\n| --- | --- | --- | --- | --- |`,
  );
  for (const row of rows) {
    const pairs = [...row.pairs].sort((a, b) => a - b);
    console.log(
      `| \`${row.page}\` | ${row.cpu.toFixed(2)} ms | ${row.against!.toFixed(2)} ms | ${(row.cpu / row.against!).toFixed(3)} | ` +
        `${median(pairs).toFixed(3)} (${pairs[0]!.toFixed(2)}–${pairs.at(-1)!.toFixed(2)}) |`,
    );
  }
}
fs.rmSync(work, { recursive: true, force: true });
