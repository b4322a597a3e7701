import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { trigramOperatorClass } from './0004-text-search.ts';

/**
 * PostgreSQL: each job carries the text a keyword is tested on, in lower case
 * and in one column (`search_text`: title, spa name and description, one per
 * line), so that a keyword walk tests one case-sensitive LIKE on an index
 * entry instead of three ILIKEs, each lower-casing its column again on every
 * test (decision 0026). `lower(x) like lower(p)` is what ILIKE does on this
 * database's encoding, so what matches is unchanged; a word never holds a line
 * break, so it never matches across two of the texts. The index of open jobs
 * in date order carries it (with the title and spa name, tested alone by the
 * title and spa filters) instead of the description, and one trigram index
 * over it replaces the description's. SQLite's LIKE folds only ASCII letters
 * and costs no more on three columns, so it keeps them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`alter table jobs add column if not exists search_text text
    generated always as (lower(title || E'\n' || spa_name || E'\n' || description)) stored`.execute(db);
  await sql`create index if not exists jobs_open_search on jobs (posted_at, id)
    include (expires_at, title, spa_name, search_text) where is_active = 1`.execute(db);
  const ops = await trigramOperatorClass(db);
  await sql`create index if not exists jobs_search_trgm on jobs using gin (search_text ${sql.raw(ops)})`.execute(
    db,
  );
  await sql`drop index if exists jobs_open_text`.execute(db);
  await sql`drop index if exists jobs_description_trgm`.execute(db);
  await sql`analyze jobs`.execute(db);
}
