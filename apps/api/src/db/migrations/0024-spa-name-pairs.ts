import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * PostgreSQL: the names' own table (`spa_names`, migration 0023) also has an
 * index of the pairs of characters each name holds, for a name part that the
 * trigram index cannot narrow: one of two letters ("ya"), or of words of one
 * or two letters ("c s", "t s"). pg_trgm takes trigrams from words only, with
 * a word's own start and end, so such a part gave it tens of thousands of
 * candidates to recheck (77,000 for the 489 spas of "c s", 10 ms), or none
 * to use. The pairs of the part, all held by a name, leave few candidates,
 * which LIKE then tests: "c s" 3.1 ms, "t s" 5.2, "ya" 4.0 (decision 38's
 * addendum). The pairs are computed by a function the index names, never
 * inlined into a query (PL/pgSQL), so that a query's test matches the
 * index's expression. SQLite counts such parts by scanning the names' index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql
    .raw(
      `create function spa_name_pairs(name text) returns text[] language plpgsql immutable parallel safe as $$
      begin
        return array(select distinct substr(name, i, 2) from generate_series(1, length(name) - 1) as i);
      end $$`,
    )
    .execute(db);
  await sql`create index spa_names_pairs on spa_names using gin (spa_name_pairs(name_search))`.execute(db);
  await sql`analyze spa_names`.execute(db);
}
