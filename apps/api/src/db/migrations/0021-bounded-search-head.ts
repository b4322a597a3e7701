import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The most bytes of a job's keyword text that the index of open jobs in date
 * order carries (`search_head`). A B-tree entry holds at most 2,704 bytes, and
 * a description may be 5,000 characters (15,000 bytes of Devanagari): carried
 * whole, such a job could not be saved. With the title and spa name (200
 * characters each, at most 800 bytes apiece) and the entry's own columns, a
 * head of this many bytes always fits.
 */
const SEARCH_HEAD_BYTES = 1000;

/** A job's keyword text, as `search_text` (migration 0013) makes it: lower case, one line each. */
const FULL = `lower(title || E'\\n' || spa_name || E'\\n' || description)`;

/**
 * The longest start of the keyword text that fits SEARCH_HEAD_BYTES, from a
 * few lengths in characters (a character takes at most 4 bytes, so the last
 * always fits): the whole text whenever it fits.
 */
const head = () => {
  const b = SEARCH_HEAD_BYTES;
  const lengths = [b, Math.floor(b / 2), Math.floor(b / 3)];
  return `case ${lengths
    .map((n) => `when octet_length(left(${FULL}, ${n})) <= ${b} then left(${FULL}, ${n})`)
    .join(' ')} else left(${FULL}, ${Math.floor(b / 4)}) end`;
};

/**
 * PostgreSQL: the index that keyword walks read (jobs_open_search) carries the
 * start of each job's keyword text instead of all of it, and whether there is
 * more (`search_long`), so that a job with a long description can be saved.
 * A walk tests the start, and reads the rest from the job's row only when the
 * start does not match and there is more (see jobTextContainsAsChosen). The
 * trigram index and every test on a row keep the whole text.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`drop index if exists jobs_open_search`.execute(db);
  await sql`alter table jobs
    add column if not exists search_head text generated always as (${sql.raw(head())}) stored,
    add column if not exists search_long boolean generated always as
      (octet_length(${sql.raw(FULL)}) > ${sql.raw(String(SEARCH_HEAD_BYTES))}) stored`.execute(db);
  await sql`create index jobs_open_search on jobs (posted_at, id)
    include (expires_at, title, spa_name, search_head, search_long) where is_active = 1`.execute(db);
  await sql`analyze jobs`.execute(db);
}
