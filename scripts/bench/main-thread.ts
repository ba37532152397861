/**
 * A server's cost per request in milliseconds of its main thread, read from
 * /proc (Linux), so it counts the server's work and none of the load
 * generator's, which shares the machine. Servers are measured in turns, round
 * by round, so a drift of a busy machine falls on all of them alike: the
 * budgets built on it are ratios between servers of the same run.
 * scripts/bench/render-cost.ts and scripts/bench.ts use it.
 */
import fs from "node:fs";
import { load } from "./load.ts";

/** A server whose main thread is measured: `pid` is the process that runs its JavaScript. */
export type MeasuredServer = { baseURL: string; pid: number; headers: Record<string, string> };

/**
 * The CPU time so far of the process's main thread, in ms: the thread that
 * runs JavaScript, whose time per request is what bounds a page's throughput
 * (compression and garbage collection also use helper threads).
 */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime (fields 14 and 15 of the whole line), in clock ticks: 100 a second on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function canReadCpuTime(): boolean {
  return fs.existsSync("/proc/self/stat");
}

/** The budget: the app's main-thread time per request on a page a signed-in hunter opens, at most this many times Remix alone's on it. */
export const VERSUS_REMIX_BUDGET = 1.25;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Main-thread ms per request of `route` on each server, round by round (one
 * array per server): a warm-up of `warmUp` requests each, then `rounds`
 * rounds of `requests` requests, the servers taking turns.
 */
export async function mainThreadPerRequest(
  route: string,
  servers: MeasuredServer[],
  { rounds, requests, warmUp = Math.min(300, requests) }: { rounds: number; requests: number; warmUp?: number },
): Promise<number[][]> {
  const perServer: number[][] = servers.map(() => []);
  for (const server of servers)
    await load(server.baseURL + route, { connections: 4, durationSeconds: 30, maxRequests: warmUp, headers: server.headers });
  for (let round = 0; round < rounds; round++) {
    for (const [i, server] of servers.entries()) {
      const before = cpuMs(server.pid);
      const result = await load(server.baseURL + route, {
        connections: 4,
        durationSeconds: 120,
        maxRequests: requests,
        headers: server.headers,
      });
      if (result.failures > 0) throw new Error(`${route} on ${server.baseURL}: ${result.failures} failures`);
      perServer[i]!.push((cpuMs(server.pid) - before) / result.requests);
    }
  }
  return perServer;
}
