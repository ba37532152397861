import { databaseAnswers } from "~/infra/db.server";

/** 200 when the database answers, 503 when it does not (for load balancers and monitors). */
export async function loader() {
  if (await databaseAnswers()) return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  return new Response("database unavailable", {
    status: 503,
    headers: { "Content-Type": "text/plain", "Cache-Control": "no-store", "Retry-After": "5" },
  });
}
