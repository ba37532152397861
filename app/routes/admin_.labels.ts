import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/infra/db.server";
import { labelSheet } from "~/services/label-sheets.server";
import { MAX_LABELS } from "~/services/labels.server";
import { requireAdmin } from "~/web/session.server";

const serial = z.coerce.number().int().min(1).max(999_999_999);
const SheetSchema = z
  .object({ from: serial, to: serial, format: z.enum(["svg", "pdf"]) })
  .refine((r) => r.to >= r.from && r.to - r.from < MAX_LABELS, `Choose from ≤ to and at most ${MAX_LABELS} labels.`);

/** GET /admin/labels?from=1&to=30&format=pdf: the label sheet of the minted serials in the range. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireAdmin(request, { db });
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = SheetSchema.safeParse(params);
  if (!parsed.success) {
    return new Response(`Invalid label range: ${parsed.error.issues.map((i) => i.message).join("; ")}`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const sheet = await labelSheet(db, parsed.data);
  return new Response(typeof sheet.body === "string" ? sheet.body : new Uint8Array(sheet.body), {
    headers: {
      "Content-Type": sheet.contentType,
      "Content-Disposition": `attachment; filename="${sheet.filename}"`,
      "Cache-Control": "private, no-store",
      // An SVG opened directly must not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
