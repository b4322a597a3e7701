import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { SIGNATURE_WORDS } from '../sqlite/text-signature.mjs';

/**
 * SQLite: open jobs in pay order with what a keyword walk tests on an entry
 * (experience, expiry, the text signature and the texts), as
 * `jobs_open_text` carries them in date order (migrations 0030, 0033), so that
 * words with a pay floor across the board are tested on the entries of the
 * jobs that pay enough, not on a walk past every open job nor on each such
 * job's row (decision 59). `manager` from ₹30,000 for two years (114,652 open
 * jobs pay that, 28,780 of them ask no more experience, 9,825 of those are
 * managers' jobs) took 155–260 ms warm at 1,000,000 jobs, from these entries
 * 48 ms. Built in the migration's transaction like every index; 400 MB at
 * 1,000,000 jobs. PostgreSQL's pay order carries its texts since migration
 * 0032.
 */
const SIGNATURE = Array.from(
  { length: SIGNATURE_WORDS },
  (_, k) => `job_text_signature(title, spa_name, description, ${k})`,
).join(', ');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql
    .raw(
      `create index jobs_open_salary_text on jobs (salary_min, posted_at, id, expires_at, experience_min,
        ${SIGNATURE}, title, spa_name, description) where is_active = 1`,
    )
    .execute(db);
  await sql.raw('analyze jobs_open_salary_text').execute(db);
}
