import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { SIGNATURE } from './0033-text-signatures.ts';

/**
 * SQLite: the open jobs of a state in date order, carrying the other place filters, the quick filters,
 * the text signature and every text a keyword is tested on, as jobs_open_city_text carries a city's
 * (migrations 0026, 0030 and 0033), so that a search with words in a state walks index entries instead
 * of reading each of the state's jobs from the table (decision 93). Written in the transaction of every
 * write, as every index is; what a search finds is unchanged.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql
    .raw(
      `create index if not exists jobs_open_state_text on jobs (state, posted_at, id, expires_at, city,
        category, salary_min, experience_min, ${SIGNATURE}, title, spa_name, description)
        where is_active = 1`,
    )
    .execute(db);
  await sql`analyze jobs_open_state_text`.execute(db);
}
