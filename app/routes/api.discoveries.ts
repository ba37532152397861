import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { toApiDiscovery } from "~/lib/api";
import { decodeCursor, encodeCursor, FEED_PAGE_SIZE } from "~/lib/discoveries";
import { MAX_ROW_ID } from "~/lib/ids";
import { listDiscoveries } from "~/models/discoveries.server";
import { findJimmyById } from "~/models/jimmys.server";
import { ApiDiscoverySchema } from "~/lib/report-schema";
import { apiError, readIdempotencyKey, readJson, requireApiMutation, requireApiUser } from "~/web/api.server";
import { getDb } from "~/infra/db.server";
import { answerApiReport } from "~/web/report-errors.server";
import { reportRequestFields, type ReportOutcome } from "~/services/reporting.server";
import { hashRequest } from "~/web/request-hash.server";
import { getUser } from "~/web/session.server";
import { photoUrls } from "~/infra/storage.server";

export const MAX_PAGE_SIZE = 50;

const QuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset must not be negative")
    .max(10_000_000, "offset is too large")
    .optional(),
  includeFirst: z.enum(["true", "false"], { message: "includeFirst must be true or false" }).optional(),
  after: z.string().max(64).optional(),
  hunter: z.coerce
    .number({ error: "hunter must be a hunter's id" })
    .int("hunter must be a hunter's id")
    .min(1, "hunter must be a hunter's id")
    .max(MAX_ROW_ID, "hunter must be a hunter's id")
    .optional(),
});

/**
 * GET /api/discoveries — discoveries newest first (SPEC.md §7). Pages by
 * `limit` + `offset`, or by `after` (a cursor from the previous page's `Link:
 * rel="next"` header), which stays correct while new discoveries arrive.
 * Without parameters it returns the first page of the full list, first
 * discoveries included; `hunter=ID` keeps one hunter's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = QuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    return Response.json({ message: parsed.error.issues[0]?.message ?? "Invalid query" }, { status: 400 });
  }
  const { limit = url.searchParams.size === 0 ? MAX_PAGE_SIZE : FEED_PAGE_SIZE, offset, includeFirst, after, hunter } = parsed.data;
  const cursor = after === undefined ? null : decodeCursor(after);
  if (after !== undefined && !cursor) {
    return Response.json({ message: "after must be a cursor from a previous page" }, { status: 400 });
  }
  if (cursor && offset !== undefined) {
    return Response.json({ message: "Use either offset or after, not both" }, { status: 400 });
  }
  const db = getDb();
  const viewer = await getUser(request, { db });
  const page = await listDiscoveries(db, photoUrls(), {
    viewerId: viewer?.id ?? null,
    includeFirst: includeFirst !== "false",
    after: cursor,
    offset,
    limit,
    hunterId: hunter,
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  const last = page.discoveries[page.discoveries.length - 1];
  if (page.nextCursor && last) {
    const next = new URL(url);
    next.searchParams.delete("offset");
    next.searchParams.set("after", encodeCursor({ createdAt: last.createdAt, id: last.id }));
    next.searchParams.set("limit", String(limit));
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(page.discoveries.map(toApiDiscovery), { headers });
}

/**
 * POST /api/discoveries (SPEC.md §7): {jimmyId, tempPath, caption, location?,
 * latitude, longitude, checkCode | proof} from a signed-in hunter → 201 with
 * the discovery's id. A missing or wrong code is refused and the upload kept.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to report a discovery.");
  requireApiMutation(request);
  const user = await requireApiUser(request);
  const idempotencyKey = readIdempotencyKey(request);
  const body = await readJson(request, ApiDiscoverySchema);
  const db = getDb();
  const jimmy = await findJimmyById(db, body.jimmyId);
  if (!jimmy) return apiError(404, `There is no Jimmy with id ${body.jimmyId}.`);
  const requestHash = hashRequest(request, { jimmyId: jimmy.id, ...reportRequestFields(body) });
  const answer = (outcome: ReportOutcome) => ({ id: outcome.discoveryId, isFirst: outcome.isFirst });
  return answerApiReport(
    request,
    db,
    {
      userId: user.id,
      serial: jimmy.serial_number,
      idempotencyKey,
      requestHash,
      fields: body,
      caption: body.caption ?? null,
      wantsFirst: false,
    },
    answer,
  );
}
