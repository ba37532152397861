import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load } from "./load";

/** A server that takes 20 ms over each answer, one request at a time per connection. */
let server: http.Server;
let url: string;
let served = 0;
beforeAll(async () => {
  server = http.createServer((_request, response) => {
    served++;
    setTimeout(() => response.end("ok"), 20);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("load at a given rate", () => {
  it("sends about `rate` requests a second, each at its own moment", async () => {
    served = 0;
    const result = await load(url, { connections: 10, durationSeconds: 1, maxRequests: 1_000, rate: 100 });
    expect(result.failures).toBe(0);
    expect(result.requests).toBe(served);
    // A Poisson process with a fixed seed: about a hundred arrivals in a second, never a burst of all of them.
    expect(result.requests).toBeGreaterThan(70);
    expect(result.requests).toBeLessThan(130);
    // With connections to spare, a request takes what the server takes.
    expect(result.p50).toBeGreaterThanOrEqual(20);
    expect(result.p50).toBeLessThan(200);
  });

  it("counts the time a request waits for a free connection against it", async () => {
    // One connection serves at most 50 a second: asked for 100, requests queue, and their latency shows it.
    const result = await load(url, { connections: 1, durationSeconds: 1, maxRequests: 1_000, rate: 100 });
    expect(result.failures).toBe(0);
    expect(result.p95).toBeGreaterThan(400);
  });
});
