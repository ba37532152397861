import { listMintedSerials } from "~/models/jimmys.server";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { buildLabels, MAX_LABELS, renderLabelsPdf, renderLabelsSvg } from "./labels.server";

export type LabelFormat = "svg" | "pdf";

export class RangeTooLargeError extends Error {
  override name = "RangeTooLargeError";
}

/** The label sheet for every minted serial in [from, to], as the file to download. */
export async function labelSheet(
  db: DB,
  { from, to, format }: { from: number; to: number; format: LabelFormat },
): Promise<{ body: string | Buffer; contentType: string; filename: string; count: number }> {
  if (to - from + 1 > MAX_LABELS) throw new RangeTooLargeError(`At most ${MAX_LABELS} labels at a time.`);
  const serials = await listMintedSerials(db, from, to);
  const labels = buildLabels(serials);
  const name = env().hunt.name;
  const filename = `jimmy-labels-${from}-${to}.${format}`;
  return format === "svg"
    ? { body: renderLabelsSvg(labels, name), contentType: "image/svg+xml; charset=utf-8", filename, count: labels.length }
    : { body: renderLabelsPdf(labels, name), contentType: "application/pdf", filename, count: labels.length };
}
