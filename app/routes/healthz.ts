import { sql } from "kysely";
import { getDb } from "~/infra/db.server";

/** 200 when the database answers, 503 when it does not (for load balancers and monitors). */
export async function loader() {
  try {
    await sql`select 1`.execute(getDb());
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch {
    return new Response("database unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain", "Cache-Control": "no-store", "Retry-After": "5" },
    });
  }
}
