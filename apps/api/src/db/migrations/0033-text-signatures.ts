import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { SIGNATURE_WORDS } from '../sqlite/text-signature.mjs';

/**
 * SQLite: the two indexes that keyword walks read in date order (all open
 * jobs', jobs_open_text, and a city's, jobs_open_city_text; migration 0030)
 * carry each job's text signature, eight 64-bit words of the bits its
 * trigrams set (`job_text_signature`, text-signature.mjs), before the texts.
 * A walk tests a term's bits first and runs its LIKEs only on the entries
 * that have them all (decision 58). The words are expressions of the index,
 * not columns of the table: an entry is written with them in the transaction
 * of every write, as the entry itself is, and a read takes them from the
 * entry. What each index is ordered by, and what a search finds, are
 * unchanged; each is made again.
 */
/** The signature's words as expressions of an index (migration 0048 names them too). */
export const SIGNATURE = Array.from(
  { length: SIGNATURE_WORDS },
  (_, k) => `job_text_signature(title, spa_name, description, ${k})`,
).join(', ');

const INDEXES: [name: string, columns: string][] = [
  [
    'jobs_open_text',
    `posted_at, id, expires_at, salary_min, experience_min, ${SIGNATURE}, title, spa_name, description`,
  ],
  [
    'jobs_open_city_text',
    `city, posted_at, id, expires_at, state, category, salary_min, experience_min, ${SIGNATURE},
      title, spa_name, description`,
  ],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  for (const [name, columns] of INDEXES) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
    await sql.raw(`create index ${name} on jobs (${columns}) where is_active = 1`).execute(db);
    // Dropping an index drops its statistics (migration 0029).
    await sql.raw(`analyze ${name}`).execute(db);
  }
}
