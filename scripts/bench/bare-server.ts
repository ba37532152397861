/**
 * The baseline: a bare node:http server, in a process of its own like the
 * app, answering every request with one captured response (body file and
 * headers given as arguments). Prints its port once it listens.
 *
 * Usage: node scripts/bench/bare-server.ts <body-file> <headers-json>
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

const body = fs.readFileSync(process.argv[2]!);
const headers = { ...(JSON.parse(process.argv[3]!) as Record<string, string>), "Content-Length": String(body.length) };
const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  console.log((server.address() as AddressInfo).port);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
