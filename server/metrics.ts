import cluster from "node:cluster";
import crypto from "node:crypto";
import type express from "express";
import client from "prom-client";
import { metrics } from "../app/infra/metrics.server.ts";

const ASK = "jimmy-hunt:metrics-ask";
const ANSWER = "jimmy-hunt:metrics-answer";
/** Longer than prom-client's own 5 s wait for every process's figures. */
const ASK_TIMEOUT_MS = 6000;

type Ask = { type: typeof ASK; id: number };
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

/**
 * In the supervisor of several app processes (server/workers.ts): answers an
 * app process's request for the whole group's figures, summed over every
 * process (prom-client's AggregatorRegistry), so /metrics tells the same
 * whichever process the scrape reaches.
 */
export function answerMetricsAsks(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies Answer),
    );
  });
}

let asked = 0;
const waiting = new Map<number, (answer: Answer) => void>();

/** The text /metrics answers: this process's figures, or, in an app process of several, the whole group's. */
function exposition(): Promise<string> {
  if (!cluster.isWorker) return metrics().registry.metrics();
  return new Promise((resolve, reject) => {
    const id = ++asked;
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the other app processes did not answer in time"));
    }, ASK_TIMEOUT_MS);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? "no answer"));
    });
    process.send!({ type: ASK, id } satisfies Ask);
  });
}

if (cluster.isWorker) {
  // The supervisor's aggregator asks each process for this registry's figures.
  client.AggregatorRegistry.setRegistries([metrics().registry]);
  void new client.AggregatorRegistry();
  process.on("message", (message: Answer) => {
    if (message?.type === ANSWER) waiting.get(message.id)?.(message);
  });
}

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith("::ffff:") ? address.slice(7) : address;
  return bare === "::1" || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus's text format. Not public: with METRICS_TOKEN
 * it asks for `Authorization: Bearer <token>` (401 otherwise); without, it
 * answers only a client on this machine that no proxy forwarded (404 to
 * anyone else, as if there were nothing here).
 */
export function metricsEndpoint(token: string | null): express.RequestHandler {
  return (req, res, next) => {
    if (req.path !== "/metrics") return next();
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.setHeader("Cache-Control", "no-store");
    res.locals.route = "/metrics";
    if (token !== null) {
      const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim();
      if (!given || !sameToken(given, token)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        return res.status(401).type("text/plain").send("A bearer token is required for /metrics.\n");
      }
    } else {
      const forwarded = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
      if (forwarded || !isLoopbackAddress(req.socket.remoteAddress)) {
        res.locals.route = undefined;
        return next();
      }
    }
    exposition().then(
      // Exactly Prometheus's content type (res.type() would rewrite it).
      (text) => res.status(200).setHeader("Content-Type", metrics().registry.contentType).end(text),
      (error: Error) => res.status(503).type("text/plain").send(`The metrics could not be gathered: ${error.message}\n`),
    );
  };
}
