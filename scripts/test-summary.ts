/**
 * Prints the test run's closing lines from the runners' JSON reports: each
 * failed test, where it is and the first line of why, then one count for the
 * whole run. They come last in CI's output, the part that is kept when the
 * rest is cut.
 */
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const parts: string[] = [];
const failures: string[] = [];

function read(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** The first lines of an error that say something (an assertion's diff included), without the terminal's colours. */
function firstLines(message: string | undefined): string {
  const plain = stripVTControlCharacters(message ?? "");
  const lines = plain
    .split("\n")
    .filter((text) => text.trim() && !/^\s+at /.test(text))
    .slice(0, 6)
    .map((text) => text.trimEnd().slice(0, 200));
  return lines.join("\n    ");
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
};
for (const [label, file] of [
  ["unit", "tests/.artifacts/reports/unit.json"],
  ["unit on PostgreSQL", "tests/.artifacts/reports/unit-pg.json"],
  ["scale-out", "tests/.artifacts/reports/scale-out.json"],
  ["stress", "tests/.artifacts/reports/stress.json"],
] as const) {
  const unit = read(file) as VitestReport | null;
  if (!unit) continue;
  total.passed += unit.numPassedTests;
  total.failed += unit.numFailedTests;
  total.skipped += unit.numPendingTests + unit.numTodoTests;
  parts.push(`${label} ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
  for (const suite of unit.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    const failed = suite.assertionResults.filter((result) => result.status === "failed");
    for (const result of failed) failures.push(`${label}: ${where} › ${result.fullName}\n    ${firstLines(result.failureMessages[0])}`);
    // A file that failed to load has no tests to name.
    if (!failed.length && suite.message) failures.push(`${label}: ${where}\n    ${firstLines(suite.message)}`);
  }
}

type PlaywrightSuite = {
  title: string;
  file: string;
  specs: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results: { status: string; errors?: { message?: string }[] }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};
const e2e = read("tests/.artifacts/reports/e2e.json") as {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
} | null;
if (e2e) {
  total.passed += e2e.stats.expected + e2e.stats.flaky;
  total.failed += e2e.stats.unexpected;
  total.skipped += e2e.stats.skipped;
  parts.push(`browser ${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed`);
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    const inner = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected") continue;
        const last = test.results.at(-1);
        failures.push(
          `browser (${test.projectName}): tests/e2e/${suite.file}:${spec.line} › ${[...inner, spec.title].join(" › ")}\n    ${firstLines(last?.errors?.[0]?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, inner);
  };
  for (const suite of e2e.suites ?? []) visit(suite, []);
}

const SHOWN = 12;
if (failures.length) {
  const more = failures.length > SHOWN ? [`  …and ${failures.length - SHOWN} more`] : [];
  console.log(["", "Failed tests:", ...failures.slice(0, SHOWN).map((failure) => `  ${failure}`), ...more, ""].join("\n"));
}
if (parts.length) console.log(`(${parts.join("; ")})`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
