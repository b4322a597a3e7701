import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Indexes of open jobs that answer a listing from their entries alone
 * (decision 0021): each holds only active jobs (`where is_active = 1`), is
 * ordered the way pages are read (newest first, ties by id) after the
 * filters it serves, and carries the columns that the rest of the listing's
 * conditions test (expiry, the other place and category filters, the title),
 * so a page, a capped count or a walk testing titles never reads the jobs'
 * rows; one more carries the text a keyword is tested on. On SQLite each job
 * now carries its spa's name, as on PostgreSQL. The older indexes they replace are dropped, so that a write keeps
 * fewer up to date.
 */
const INDEXES: [name: string, keys: string[], carried: string[]][] = [
  ['jobs_open_posted', [], ['expires_at', 'title']],
  ['jobs_open_city', ['city'], ['expires_at', 'state', 'category', 'title']],
  ['jobs_open_state', ['state'], ['expires_at', 'city', 'category', 'title']],
  ['jobs_open_category', ['category'], ['expires_at', 'state', 'city', 'title']],
  ['jobs_open_city_category', ['city', 'category'], ['expires_at', 'state', 'title']],
  ['jobs_open_state_category', ['state', 'category'], ['expires_at', 'city', 'title']],
  // A keyword walk, newest first, tests title, spa name and description here, read in order
  // from one index instead of one row at a time from all over the table.
  ['jobs_open_text', [], ['expires_at', 'title', 'spa_name', 'description']],
];

const REPLACED = [
  'jobs_city_posted',
  'jobs_state_posted',
  'jobs_category_posted',
  'jobs_city_title',
  'jobs_title',
  'jobs_active_posted_title',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    // Each job carries its spa's name, kept by triggers (as on PostgreSQL since migration 0004),
    // so that testing a job for a keyword needs no look at its spa.
    await sql`alter table jobs add column spa_name text not null default ''`.execute(db);
    await sql`update jobs set spa_name = coalesce((select name from spas where spas.id = jobs.spa_id), '')`.execute(
      db,
    );
    for (const statement of [
      `create trigger jobs_spa_name_insert after insert on jobs begin
         update jobs set spa_name = coalesce((select name from spas where id = new.spa_id), '') where id = new.id;
       end`,
      `create trigger jobs_spa_name_update after update of spa_id on jobs begin
         update jobs set spa_name = coalesce((select name from spas where id = new.spa_id), '') where id = new.id;
       end`,
      `create trigger spas_name_to_jobs after update of name on spas begin
         update jobs set spa_name = new.name where spa_id = new.id;
       end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  }
  for (const [name, keys, carried] of INDEXES) {
    const statement =
      engine === 'postgres'
        ? // PostgreSQL reads the index backwards for newest first; the carried columns ride along (INCLUDE).
          `create index ${name} on jobs (${[...keys, 'posted_at', 'id'].join(', ')}) include (${carried.join(', ')}) where is_active = 1`
        : // SQLite tests conditions on any column of an index entry, so the carried ones follow the order's.
          `create index ${name} on jobs (${[...keys, 'posted_at', 'id', ...carried].join(', ')}) where is_active = 1`;
    await sql.raw(statement).execute(db);
  }
  for (const name of REPLACED) await sql.raw(`drop index if exists ${name}`).execute(db);
  await sql`analyze jobs`.execute(db);
}
