/**
 * `npm test`: every check and test. The steps that do not depend on each
 * other run side by side, each one's output held back and printed as one
 * block, under its name, when it ends; then the scale-out tests, the browser
 * tests, the reliability suite and the short benchmark run one after another, since
 * each of them measures or waits on a server that a neighbour would slow.
 * Exits non-zero when any step fails, after every started step has ended.
 *
 *   npm test                     everything
 *   npm test -- --only=lint,build  just these steps (and the steps they need)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

type Step = {
  /** The package.json script. */
  script: string;
};

/** Started together. */
const SIDE_BY_SIDE: Step[] = [
  { script: "typecheck" },
  { script: "lint" },
  { script: "i18n:check" },
  { script: "test:unit" },
  { script: "build" },
  { script: "test:pg" },
];

/** One at a time, in this order, once everything above has passed. */
const IN_TURN: Step[] = [{ script: "test:scale-out" }, { script: "test:e2e" }, { script: "test:stress" }, { script: "bench:ci" }];

type Result = { script: string; ok: boolean; seconds: number; cpu?: string };

/**
 * The whole machine's CPU time so far, busy and all, in clock ticks (Linux's
 * /proc/stat; null elsewhere). Two readings around a step tell how much of
 * the machine it kept busy: a step that keeps every CPU busy cannot run
 * faster beside anything else, only with less work or more CPUs.
 */
type CpuReading = { busy: number; total: number };
function readCpu(): CpuReading | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    const idle = ticks[3]! + ticks[4]!; // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** "  2 CPUs 94% busy, 1830 CPU-s": the machine's use between two readings, as the step-times table prints it. */
function cpuUse(from: CpuReading | null, to: CpuReading | null): string {
  if (!from || !to || to.total <= from.total) return "";
  const share = (to.busy - from.busy) / (to.total - from.total);
  // /proc/stat counts in USER_HZ ticks, 100 a second on Linux.
  const cpuSeconds = (to.busy - from.busy) / 100;
  return `  ${os.availableParallelism()} CPUs ${(share * 100).toFixed(0)}% busy, ${cpuSeconds.toFixed(0)} CPU-s`;
}

const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",")
  .filter(Boolean);

function wanted(step: Step): boolean {
  return !only || only.includes(step.script);
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Runs a script with its output held back; prints it as one block, each line under the step's name, when it ends. */
function runHeld(script: string): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => {
      const result = { script, ok: code === 0, seconds: seconds(started) };
      const output = Buffer.concat(chunks).toString("utf8").replace(/\s+$/, "");
      const lines = output ? output.split("\n") : [];
      const verdict = result.ok ? "passed" : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(
        [`\n── ${script}: ${verdict} in ${result.seconds.toFixed(1)} s ──`, ...lines.map((line) => `[${script}] ${line}`), ""].join("\n"),
      );
      resolve(result);
    });
  });
}

/** Runs a script with its output straight through (nothing else runs beside it). */
function runLive(script: string): Promise<Result> {
  const started = performance.now();
  process.stdout.write(`\n── ${script} ──\n`);
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: "inherit", env: process.env });
    child.on("close", (code, signal) => {
      const result = { script, ok: code === 0, seconds: seconds(started) };
      process.stdout.write(
        `── ${script}: ${result.ok ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${result.seconds.toFixed(1)} s ──\n`,
      );
      resolve(result);
    });
  });
}

function sideBySide(steps: Step[]): Promise<Result[]> {
  return Promise.all(steps.map((step) => runHeld(step.script)));
}

const started = performance.now();
const results: Result[] = [];
const first = SIDE_BY_SIDE.filter(wanted);
console.log(`Running side by side: ${first.map((step) => step.script).join(", ")}`);
const firstFrom = readCpu();
results.push(...(await sideBySide(first)));
const firstCpu = cpuUse(firstFrom, readCpu());
if (results.every((result) => result.ok)) {
  for (const step of IN_TURN.filter(wanted)) {
    const from = readCpu();
    const result = await runLive(step.script);
    results.push({ ...result, cpu: cpuUse(from, readCpu()) });
  }
}

console.log("\nStep times:");
for (const [index, result] of results.entries()) {
  const verdict = result.ok ? "passed" : "FAILED";
  console.log(`  ${result.script.padEnd(12)} ${result.seconds.toFixed(1).padStart(7)} s  ${verdict.padEnd(6)}${result.cpu ?? ""}`);
  if (index === first.length - 1 && firstCpu) console.log(`  (the ${first.length} above, side by side:${firstCpu})`);
}
console.log(`  ${"total".padEnd(12)} ${seconds(started).toFixed(1).padStart(7)} s`);
const failed = results.filter((result) => !result.ok);
if (failed.length) {
  console.log(`\nFailed: ${failed.map((result) => result.script).join(", ")}`);
  if (results.length < first.length + IN_TURN.filter(wanted).length) {
    console.log("(the scale-out and browser tests, stress and bench run once every step before them has passed)");
  }
  process.exitCode = 1;
}
