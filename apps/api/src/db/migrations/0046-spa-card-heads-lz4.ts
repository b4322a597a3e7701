import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * PostgreSQL: the cards' heads, about a kilobyte each, are compressed in the entries of the cards' primary
 * key (migration 0045): an entry's value over about 500 bytes always is. A nearby page of 50 spas
 * decompresses 50 heads, and with PostgreSQL's own method (pglz) that was 9% of the page's statement at
 * 1,000,000 jobs. lz4 reads them back several times faster: the page's statement took 0.40–0.41 ms instead
 * of 0.44–0.45 (the same pages, alternated), in an index of the same size (decision 85, addendum).
 *
 * An index's column takes the method of the table's column; the entries already written are made again
 * with it. A server built without lz4 keeps pglz.
 *
 * SQLite: nothing. Its cards are not compressed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql
    .raw(
      `do $$ begin
        alter table spa_cards alter column head set compression lz4;
      exception when feature_not_supported or invalid_parameter_value then
        raise notice 'lz4 is not available: the cards keep pglz';
        return;
      end $$`,
    )
    .execute(db);
  await sql`reindex index spa_cards_pkey`.execute(db);
}
