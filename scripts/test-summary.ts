/** Prints one closing line for the whole test run, from the runners' JSON reports. */
import fs from "node:fs";

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const parts: string[] = [];

function read(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
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
}

const e2e = read("tests/.artifacts/reports/e2e.json") as {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
} | null;
if (e2e) {
  total.passed += e2e.stats.expected + e2e.stats.flaky;
  total.failed += e2e.stats.unexpected;
  total.skipped += e2e.stats.skipped;
  parts.push(`browser ${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed`);
}

if (parts.length) console.log(`(${parts.join("; ")})`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
