import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { trigramOperatorClass } from './0004-text-search.ts';

/**
 * PostgreSQL: each spa carries its name in lower case (`name_search`, a stored
 * generated column), and a spa search by name part tests it with a
 * case-sensitive LIKE, as a keyword is tested on jobs (decision 0026): ILIKE
 * would lower-case every name again for every search (decision 0027). The
 * rating order's indexes carry it, with the place filters, so that a page of
 * spas by name is read from index entries alone, and the rows of only the spas
 * shown are read; a narrow index of it alone serves the capped count, and the
 * name's trigram index moves onto it. SQLite keeps its own text index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`alter table spas add column if not exists name_search text
    generated always as (lower(name)) stored`.execute(db);
  await sql`create index if not exists spas_name_search on spas (name_search)`.execute(db);
  await sql`create index if not exists spas_rating_names on spas (rating, id)
    include (name_search, state, city)`.execute(db);
  await sql`create index if not exists spas_state_rating_names on spas (state, rating, id)
    include (name_search, city)`.execute(db);
  const ops = await trigramOperatorClass(db);
  await sql`create index if not exists spas_name_search_trgm on spas
    using gin (name_search ${sql.raw(ops)})`.execute(db);
  for (const name of ['spas_rating', 'spas_state_rating', 'spas_name_trgm']) {
    await sql.raw(`drop index if exists ${name}`).execute(db);
  }
  await sql`analyze spas`.execute(db);
}
