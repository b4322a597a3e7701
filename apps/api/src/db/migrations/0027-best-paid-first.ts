import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Best paid first, read in order from an index (decision 45). The listing
 * orders by `salary_min desc nulls last, posted_at desc, id desc`. On
 * PostgreSQL a descending walk of `jobs_salary` gives the jobs without a
 * salary first, so it could not serve that order: every open job was read
 * and sorted (652 ms at 1,000,000 jobs). SQLite sorts NULL lowest, so
 * `jobs_salary` walked backwards serves it there, but not with a city: the
 * city's jobs were read and sorted (176–244 ms for Pune's 45,406). Each
 * engine gets the indexes it lacks, for all open jobs and for one city's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`create index if not exists jobs_open_salary
      on jobs (salary_min desc nulls last, posted_at desc, id desc)
      include (expires_at) where is_active = 1`.execute(db);
    await sql`create index if not exists jobs_open_city_salary
      on jobs (city, salary_min desc nulls last, posted_at desc, id desc)
      include (expires_at, state, category) where is_active = 1`.execute(db);
    await sql`analyze jobs`.execute(db);
    return;
  }
  await sql`create index if not exists jobs_open_city_salary
    on jobs (city, salary_min, posted_at, id, expires_at, state, category)
    where is_active = 1`.execute(db);
}
