import { names } from "~/models/names.server";

/** Request-level code: reads the request and calls down into the models. */
export function greeting(request: Request): Response {
  return new Response(`Hello from ${new URL(request.url).pathname}, ${names().join(", ")}`);
}
