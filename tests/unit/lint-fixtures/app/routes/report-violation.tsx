import { sql } from "kysely";

export const query = sql`select 1`;
