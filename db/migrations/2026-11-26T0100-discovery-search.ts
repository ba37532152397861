import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * Search (issue 24, item 4; ADR 018): a full-text index over each
 * discovery's place, caption and hunter's name, one row per discovery keyed
 * by its id, so a search reads its newest matches from the index a page at a
 * time. SQLite: an FTS5 table without stored content. PostgreSQL: a tsvector
 * per discovery with a GIN index, accents folded away as FTS5's tokenizer
 * does. Triggers keep it in step with every write (a hunter renamed, a
 * discovery edited or deleted), from the app or not.
 */

const SQLITE_PLACE = (d: string) =>
  `coalesce(${d}.location, '') || ' ' || coalesce(${d}.city, '') || ' ' || coalesce(${d}.region, '') || ' ' || coalesce(${d}.country, '')`;
const SQLITE_ADD = (where: string) =>
  `insert into discovery_search (rowid, place, caption, hunter)
     select d.id, ${SQLITE_PLACE("d")}, d.caption, u.first_name || ' ' || u.last_name
     from discoveries d join users u on u.id = d.user_id where ${where};`;

const SQLITE = [
  // Without stored content (the text is in discoveries and users); contentless_delete lets a row be deleted by id.
  `create virtual table discovery_search using fts5(place, caption, hunter,
     content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6')`,
  SQLITE_ADD("1"),
  `create trigger discovery_search_insert after insert on discoveries begin
     ${SQLITE_ADD("d.id = new.id")}
   end`,
  `create trigger discovery_search_delete after delete on discoveries begin
     delete from discovery_search where rowid = old.id;
   end`,
  `create trigger discovery_search_update after update of location, city, region, country, caption, user_id on discoveries begin
     delete from discovery_search where rowid = old.id;
     ${SQLITE_ADD("d.id = new.id")}
   end`,
  `create trigger discovery_search_hunter after update of first_name, last_name on users
   when old.first_name is not new.first_name or old.last_name is not new.last_name begin
     delete from discovery_search where rowid in (select id from discoveries where user_id = new.id);
     ${SQLITE_ADD("d.user_id = new.id")}
   end`,
];

/** One document per discovery: its place, caption and hunter's name, accents removed as the query's are (search_fold). */
const POSTGRES_DOCUMENT = (d: string, u: string) =>
  `to_tsvector('simple', search_fold(concat_ws(' ', ${d}.location, ${d}.city, ${d}.region, ${d}.country, ${d}.caption, ${u}.first_name, ${u}.last_name)))`;

const POSTGRES = [
  // Decomposed, then the combining accents dropped: "José" is indexed as "jose", like FTS5's remove_diacritics.
  `create function search_fold(value text) returns text language sql immutable strict parallel safe as
     $$ select regexp_replace(normalize(value, NFKD), '[\\u0300-\\u036f]', '', 'g') $$`,
  `create table discovery_search (
     discovery_id integer primary key references discoveries (id) on delete cascade,
     document tsvector not null
   )`,
  `insert into discovery_search (discovery_id, document)
     select d.id, ${POSTGRES_DOCUMENT("d", "u")} from discoveries d join users u on u.id = d.user_id`,
  "create index discovery_search_document_idx on discovery_search using gin (document)",
  // A deleted discovery's row goes with it (the foreign key); these keep the others current.
  `create function discovery_search_discovery() returns trigger language plpgsql as $$
   begin
     insert into discovery_search (discovery_id, document)
       select new.id, ${POSTGRES_DOCUMENT("new", "u")} from users u where u.id = new.user_id
     on conflict (discovery_id) do update set document = excluded.document;
     return null;
   end $$`,
  `create trigger discovery_search_discovery after insert or update of location, city, region, country, caption, user_id
   on discoveries for each row execute function discovery_search_discovery()`,
  `create function discovery_search_hunter() returns trigger language plpgsql as $$
   begin
     update discovery_search s set document = ${POSTGRES_DOCUMENT("d", "new")}
       from discoveries d where d.user_id = new.id and s.discovery_id = d.id;
     return null;
   end $$`,
  `create trigger discovery_search_hunter after update of first_name, last_name on users
   for each row when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
   execute function discovery_search_hunter()`,
];

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of isPostgres(db) ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger discovery_search_hunter on users`.execute(db);
    await sql`drop trigger discovery_search_discovery on discoveries`.execute(db);
    await sql`drop function discovery_search_hunter()`.execute(db);
    await sql`drop function discovery_search_discovery()`.execute(db);
    await sql`drop table discovery_search`.execute(db);
    await sql`drop function search_fold(text)`.execute(db);
    return;
  }
  for (const name of ["discovery_search_insert", "discovery_search_delete", "discovery_search_update", "discovery_search_hunter"]) {
    await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await sql`drop table discovery_search`.execute(db);
}
