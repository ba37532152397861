import { db, type Row } from "~/infra/db.server";
import { shout } from "~/lib/format";
import type { Letter } from "~/services/mailer.server";

export const names = (): string[] => db.rows.map((row: Row) => shout(row.name));
export const letterTo = (row: Row): Letter => ({ to: row.name, text: "" });
