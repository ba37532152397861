/**
 * The sender of load.ts's paced load, in a process of its own so that
 * nothing else's garbage collection or work delays a request (the bench's own
 * process holds the data it seeded, and its pauses would be counted against
 * the page). Plain Node runs it (the types are stripped), with nothing to
 * import but Node's own modules.
 *
 * Reads { url, connections, headers, arrivals } as JSON on stdin, where
 * arrivals are the moments, in ms from the start, at which requests are due;
 * writes { latencies, failures, elapsed } as JSON on stdout: each response's
 * time from the moment it was due to its last byte.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

export type PacedRequest = { url: string; connections: number; headers: Record<string, string>; arrivals: number[] };
export type PacedAnswer = { latencies: number[]; failures: number; elapsed: number };

async function run({ url, connections, headers, arrivals }: PacedRequest): Promise<PacedAnswer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  let last = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();

  const send = (dueAt: number) => {
    const request = new Promise<void>((resolve) => {
      const fail = () => {
        failures++;
        resolve();
      };
      http
        .get(url, { agent, headers, timeout: 30_000 }, (response) => {
          response.resume();
          response.on("end", () => {
            last = performance.now();
            latencies.push(last - dueAt);
            if (!response.statusCode || response.statusCode < 200 || response.statusCode > 299) failures++;
            resolve();
          });
          response.on("error", fail);
        })
        .on("timeout", function (this: http.ClientRequest) {
          this.destroy(new Error("timed out"));
        })
        .on("error", fail);
    });
    inFlight.add(request);
    void request.then(() => inFlight.delete(request));
  };

  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < arrivals.length && start + arrivals[next]! <= now) send(start + arrivals[next++]!);
      if (next >= arrivals.length) resolve();
      else setTimeout(tick, Math.max(0, start + arrivals[next]! - performance.now()));
    };
    tick();
  });
  while (inFlight.size > 0) await Promise.all(inFlight);
  agent.destroy();
  return { latencies, failures, elapsed: Math.max(last - start, 0) };
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => (input += chunk));
process.stdin.on("end", () => {
  void run(JSON.parse(input) as PacedRequest).then((answer) => process.stdout.write(JSON.stringify(answer)));
});
