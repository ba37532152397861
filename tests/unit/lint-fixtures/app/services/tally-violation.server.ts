import { sql } from "kysely";

export const tally = sql`select count(*) from likes`;
