import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * PostgreSQL: ANALYZE keeps, for a job's keyword text and for its title, the
 * words most jobs hold and the share of jobs that hold each (the statistics'
 * `most_common_elems`, up to a thousand words from its sample). A search for
 * a word that a twentieth of the board holds can then be shown past the count's
 * cap without walking the 200,000 jobs that prove it (decision 35). The
 * statistics cost ANALYZE one word split of each sampled job, and writes
 * nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  // Statistics on an expression came with PostgreSQL 14; before it, word searches are counted as before.
  const r = await sql<{ v: number }>`select current_setting('server_version_num')::int as v`.execute(db);
  if (Number(r.rows[0]?.v ?? 0) < 140000) return;
  await sql`create statistics if not exists jobs_search_words on (to_tsvector('simple', search_text)) from jobs`.execute(
    db,
  );
  await sql`create statistics if not exists jobs_title_words on (to_tsvector('simple', title)) from jobs`.execute(
    db,
  );
  await sql`analyze jobs`.execute(db);
}
