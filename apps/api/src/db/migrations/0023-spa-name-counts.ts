import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { trigramOperatorClass } from './0004-text-search.ts';

/**
 * Spa search by name part, counted from an index that holds little but the
 * names (decision 0038).
 *
 * SQLite:
 * - The spas' name index (spas_fts) keeps where each trigram stands in a name
 *   (`detail=full`), so that a name part is found as a phrase of its trigrams,
 *   one after another: exactly the names that contain it, counted from the
 *   index alone. It had only which names hold each trigram, and a count had to
 *   read every candidate's name. At 100,000 spas it grows to about 9 MB and is
 *   rebuilt in a fraction of a second; the triggers of migration 0004 keep it
 *   in step, by name.
 * - The rating order's index carries each spa's name (`spas_rating_name`, in
 *   place of `spas_rating`), so that a walk in rating order tests names on its
 *   entries instead of reading each spa's row: 100,000 names in 6 ms instead
 *   of 122. PostgreSQL's has carried them since migration 0014.
 *
 * PostgreSQL: each spa's lower-cased name is also kept in a table of its own
 * (`spa_names`, 8 MB at 100,000 spas against the spas' 71 MB), with its trigram
 * index. A count by the trigram index rechecks each candidate on its row; in
 * the spas' table 3,511 candidates lay on 2,947 pages, in this one on 941, and
 * the count took 1.4 ms instead of 5.7–11.7. Triggers keep it in step with
 * every new spa and renamed one; a deleted spa's name goes with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    const ops = await trigramOperatorClass(db);
    await sql`create table spa_names (
      id integer primary key references spas (id) on delete cascade,
      name_search text not null)`.execute(db);
    await sql`insert into spa_names (id, name_search) select id, name_search from spas`.execute(db);
    await sql`create index spa_names_trgm on spa_names using gin (name_search ${sql.raw(ops)})`.execute(db);
    await sql
      .raw(
        `create function spas_keep_name_search() returns trigger language plpgsql as $$
      begin
        insert into spa_names (id, name_search) values (new.id, new.name_search)
          on conflict (id) do update set name_search = excluded.name_search;
        return new;
      end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger spas_name_search_kept after insert or update of name on spas
      for each row execute function spas_keep_name_search()`,
      )
      .execute(db);
    await sql`analyze spa_names`.execute(db);
    return;
  }
  await sql`drop table spas_fts`.execute(db);
  await sql
    .raw(
      `create virtual table spas_fts using fts5(name, content='', contentless_delete=1,
      tokenize='trigram case_sensitive 0', detail=full)`,
    )
    .execute(db);
  await sql`insert into spas_fts (rowid, name) select id, name from spas`.execute(db);
  await db.schema.createIndex('spas_rating_name').on('spas').columns(['rating', 'id', 'name']).execute();
  await db.schema.dropIndex('spas_rating').execute();
}
