import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * PostgreSQL: the jobs table is vacuumed after every few thousand changed
 * rows instead of after a fifth of the table. A job's page counts a view,
 * and each second's counts update those jobs' rows; every update clears its
 * page's all-visible bit, and until a vacuum sets it again an index-only
 * scan (the listing's count, decision 24) must read the row from the table.
 * At 1,000,000 jobs, after 40,000 random job pages had been seen, the count
 * of a city's jobs read 5,359 rows of 10,001 from the table: 31.8 ms instead
 * of a few. PostgreSQL's default waits for 200,000 dead rows. SQLite has no
 * such bits.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`alter table jobs set (
    autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 5000,
    autovacuum_vacuum_insert_scale_factor = 0,
    autovacuum_vacuum_insert_threshold = 5000
  )`.execute(db);
}
