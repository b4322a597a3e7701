import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * PostgreSQL: the open jobs of a city in date order, carrying the other place
 * filters and what a keyword is tested on (the start of the keyword text and
 * whether there is more, migration 0021; the title and spa name), so that a search with words in a
 * city walks index entries instead of reading each of the city's jobs from
 * the table. `massage` in Mumbai, counted to the cap, read about 40,000 rows
 * (352 ms); a one- or two-letter word in a city tested its newest 10,000 rows
 * (368 ms). A city is the filter most searches with words carry (decision 37).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`create index if not exists jobs_open_city_search on jobs (city, posted_at, id)
    include (expires_at, state, category, title, spa_name, search_head, search_long) where is_active = 1`.execute(
    db,
  );
  await sql`analyze jobs`.execute(db);
}
