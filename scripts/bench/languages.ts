/**
 * Each shipped language against English, page by page, in more paired
 * rounds than `npm run bench` gives them (issue 48's budget: no page renders
 * slower than 1.1× its English render). One production server (uses build/)
 * on built data; the same signed-in hunter asks for the same page with only
 * the `lang` cookie changed, English and the other language taking turns,
 * round by round (scripts/bench/main-thread.ts), so a drift of a busy
 * machine falls on both alike.
 *
 *   npm run bench:languages -- [--rounds=7] [--requests=600] [--languages=ar,fr]
 */
import fs from "node:fs";
import { LANGUAGES } from "~/lib/language";
import { signedInCookie, startApp } from "./app-server.ts";
import { buildSmallBenchData } from "./data.ts";
import { mainThreadPerRequest, median } from "./main-thread.ts";

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(option("rounds") ?? 7);
const requests = Number(option("requests") ?? 600);
const languages = option("languages")?.split(",") ?? LANGUAGES.filter((language) => language !== "en");
const BUDGET = 1.1;

const built = await buildSmallBenchData("jimmy-hunt-languages-");

const app = await startApp(built.dataDir);
const rows: string[] = [];
let over = 0;
try {
  const cookie = await signedInCookie(app.baseURL);
  const headers = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html" };
  for (const [name, route] of Object.entries({ "/": "/", "/jimmy/{serial}": `/jimmy/${built.typicalSerial}` })) {
    for (const language of languages) {
      const [english, other] = await mainThreadPerRequest(
        route,
        [
          { baseURL: app.baseURL, pid: app.pid, headers: { ...headers, Cookie: `${cookie}; lang=en` } },
          { baseURL: app.baseURL, pid: app.pid, headers: { ...headers, Cookie: `${cookie}; lang=${language}` } },
        ],
        { rounds, requests },
      );
      const ratio = median(other!) / median(english!);
      // Also the median of each round's own ratio: the two ran back to back, so a drift of the machine cancels in it.
      const roundRatios = other!.map((ms, i) => ms / english![i]!);
      if (ratio > BUDGET) over++;
      const row =
        `${name} in ${language}: ${median(other!).toFixed(2)} ms against English ${median(english!).toFixed(2)} ms, ` +
        `${ratio.toFixed(3)}× (median of the rounds' own ratios ${median(roundRatios).toFixed(3)}×: ` +
        `${roundRatios.map((r) => r.toFixed(2)).join(", ")}) ${ratio <= BUDGET ? "pass" : "OVER"}`;
      console.log(row);
      rows.push(row);
    }
  }
} finally {
  await app.stop();
  fs.rmSync(built.work, { recursive: true, force: true });
}
console.log(
  `\n${rows.length - over} of ${rows.length} pages within ${BUDGET}× English (medians of ${rounds} rounds of ${requests} requests each)`,
);
