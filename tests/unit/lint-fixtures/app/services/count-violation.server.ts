import { db } from "~/infra/db.server";

// Reaches the query builder through the db it holds, without importing kysely.
export function countLikes() {
  return (db as unknown as { selectFrom(table: string): unknown }).selectFrom("likes");
}
