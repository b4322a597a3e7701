import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The indexes that keyword walks read (SQLite: jobs_open_text and
 * jobs_open_city_text; PostgreSQL: jobs_open_search and jobs_open_city_search)
 * also carry each job's lowest pay and the experience it asks for, as the
 * listing indexes do since migration 0029, so that words with a quick filter
 * are tested on the entries instead of reading each job's row: `therapist`
 * with pay from ₹30,000 counted to the cap read every row it passed, 470 ms on
 * SQLite and 550 ms on PostgreSQL at 1,000,000 jobs; a fresher's `thai` jobs
 * 1.4 s on SQLite (decision 49). On SQLite the two columns come before the
 * texts, so that an entry whose pay does not pass is left before its text is
 * decoded. Each index is made again; what it is ordered by is unchanged.
 */
const SQLITE: [name: string, columns: string[]][] = [
  [
    'jobs_open_text',
    ['posted_at', 'id', 'expires_at', 'salary_min', 'experience_min', 'title', 'spa_name', 'description'],
  ],
  [
    'jobs_open_city_text',
    [
      'city',
      'posted_at',
      'id',
      'expires_at',
      'state',
      'category',
      'salary_min',
      'experience_min',
      'title',
      'spa_name',
      'description',
    ],
  ],
];

const POSTGRES: [name: string, keys: string[], carried: string[]][] = [
  [
    'jobs_open_search',
    ['posted_at', 'id'],
    ['expires_at', 'title', 'spa_name', 'search_head', 'search_long'],
  ],
  [
    'jobs_open_city_search',
    ['city', 'posted_at', 'id'],
    ['expires_at', 'state', 'category', 'title', 'spa_name', 'search_head', 'search_long'],
  ],
];

const QUICK = ['salary_min', 'experience_min'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const made =
    engine === 'postgres'
      ? POSTGRES.map(([name, keys, carried]) => [
          name,
          `(${keys.join(', ')}) include (${[...carried, ...QUICK].join(', ')})`,
        ])
      : SQLITE.map(([name, columns]) => [name, `(${columns.join(', ')})`]);
  for (const [name, columns] of made) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(`create index ${name} on jobs ${columns} where is_active = 1`).execute(db);
    // Dropping an index drops its statistics (migration 0029).
    if (engine === 'sqlite') await sql.raw(`analyze ${name}`).execute(db);
  }
  if (engine === 'postgres') await sql`analyze jobs`.execute(db);
}
