/**
 * The largest row id: ids are 32-bit integers on PostgreSQL (serial), so a
 * larger number in a URL or form can name no row, and is refused before it
 * reaches a query (PostgreSQL would reject it as out of range).
 */
export const MAX_ROW_ID = 2_147_483_647;
