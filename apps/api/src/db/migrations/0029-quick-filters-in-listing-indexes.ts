import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The listing indexes of open jobs (migration 0011) also carry each job's
 * lowest pay and the experience it asks for, the jobs page's quick filters,
 * so that a listing with them and no words is read in date order from its
 * filters' index with both tested on the entries, as expiry is, instead of
 * reading every such job's row: pay from ₹30,000 a month (114,652 of 970,286
 * open jobs) took 272 ms on SQLite warm and 2.5 s with the table's pages out
 * of the system's cache; a fresher's jobs (experience 0) 150 ms on PostgreSQL
 * (decision 46). Each index is made again with the two columns after those it
 * carried; what it is ordered by is unchanged, and each is analysed again
 * (dropping an index drops its statistics, and without them SQLite misjudged
 * other listings: the jobs of a place's spas in a category walked the
 * category's index, 923 against 46 ms).
 */
const INDEXES: [name: string, keys: string[], carried: string[]][] = [
  ['jobs_open_posted', [], ['expires_at', 'title']],
  ['jobs_open_city', ['city'], ['expires_at', 'state', 'category', 'title']],
  ['jobs_open_state', ['state'], ['expires_at', 'city', 'category', 'title']],
  ['jobs_open_category', ['category'], ['expires_at', 'state', 'city', 'title']],
  ['jobs_open_city_category', ['city', 'category'], ['expires_at', 'state', 'title']],
  ['jobs_open_state_category', ['state', 'category'], ['expires_at', 'city', 'title']],
];

const QUICK = ['salary_min', 'experience_min'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  for (const [name, keys, carried] of INDEXES) {
    const ordered = [...keys, 'posted_at', 'id'];
    const columns =
      engine === 'postgres'
        ? `(${ordered.join(', ')}) include (${[...carried, ...QUICK].join(', ')})`
        : `(${[...ordered, ...carried, ...QUICK].join(', ')})`;
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(`create index ${name} on jobs ${columns} where is_active = 1`).execute(db);
    if (engine === 'sqlite') await sql.raw(`analyze ${name}`).execute(db);
  }
  if (engine === 'postgres') await sql`analyze jobs`.execute(db);
}
