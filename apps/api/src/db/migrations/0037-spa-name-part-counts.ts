import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { SPA_NAME_PART_CHARS } from '../sqlite/spa-name-parts.mjs';

/**
 * How many spas hold each short part of a name (decision 66): `spa_name_parts`, one row per run of one
 * to SPA_NAME_PART_CHARS characters found in some spa's name, with the number of spas whose name holds it
 * (each spa once, however often its name repeats the part). A name part that short, searched alone, is
 * counted by reading one row, where the name indexes gave as many candidates as spas hold it (3,316 on
 * average for the benchmark's parts at 100,000 spas), each counted and most rechecked.
 *
 * Parts are taken from the text the search compares: on PostgreSQL `name_search` (the name lower-cased,
 * migration 0014); on SQLite the name with its ASCII letters lower-cased, as LIKE compares them
 * (`spa_name_parts`, registered on every connection, sqlite/spa-name-parts.mjs). So a part's row holds
 * exactly the count a LIKE over every spa would give.
 *
 * Triggers keep it in the transaction of every write to the spas: on PostgreSQL a statement's new or
 * deleted spas at once (transition tables), so a batch of spas costs one statement per write; a rename
 * one spa at a time. A part whose last spa goes is deleted. On PostgreSQL, transactions that write spas'
 * names take turns at the counts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') return sqliteCounts(db);
  const chars = sql.lit(SPA_NAME_PART_CHARS);
  await sql`create table spa_name_parts (part text primary key, spas integer not null)`.execute(db);
  await sql`create function spa_name_parts_of(name text) returns setof text language sql immutable parallel safe as $$
      select distinct substr(name, i, n) from generate_series(1, length(name)) as i,
        generate_series(1, least(${chars}, length(name) - i + 1)) as n
    $$`.execute(db);
  // Counts added (or taken away) for the parts of a set of names, one row per part. Writers of spas take
  // turns at the counts (a lock held to the end of the transaction, one per schema): a transaction that
  // writes several spas one statement at a time would otherwise hold some parts' rows while it waits for
  // another's, which may wait for it.
  const add = (names: string, sign: '+' | '-') => `
      perform pg_advisory_xact_lock(hashtext(tg_table_schema || '.spa_name_parts'));
      insert into spa_name_parts (part, spas)
        select p, ${sign === '+' ? '' : '-'}count(*) from ${names}, spa_name_parts_of(name_search) as p
        group by p
        on conflict (part) do update set spas = spa_name_parts.spas + excluded.spas;`;
  await sql
    .raw(
      `create function spa_name_parts_added() returns trigger language plpgsql as $$
      begin ${add('added', '+')} return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function spa_name_parts_removed() returns trigger language plpgsql as $$
      begin ${add('removed', '-')}
        delete from spa_name_parts where spas <= 0 and part in (select spa_name_parts_of(name_search) from removed);
        return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function spa_name_parts_renamed() returns trigger language plpgsql as $$
      begin
        ${add('(select old.name_search) as o(name_search)', '-')}
        ${add('(select new.name_search) as n(name_search)', '+')}
        delete from spa_name_parts where spas <= 0 and part in (select spa_name_parts_of(old.name_search));
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger spa_name_parts_insert after insert on spas referencing new table as added
      for each statement execute function spa_name_parts_added()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger spa_name_parts_delete after delete on spas referencing old table as removed
      for each statement execute function spa_name_parts_removed()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger spa_name_parts_rename after update of name on spas for each row
      when (old.name_search is distinct from new.name_search) execute function spa_name_parts_renamed()`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into spa_name_parts (part, spas)
      select p, count(*) from spas, spa_name_parts_of(name_search) as p group by p`,
    )
    .execute(db);
  await sql`analyze spa_name_parts`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteCounts(db: Kysely<any>): Promise<void> {
  const parts = (spa: 'new' | 'old') => `(select value as p from json_each(spa_name_parts(${spa}.name)))`;
  const added = `insert into spa_name_parts (part, spas) select p, 1 from ${parts('new')} where true
        on conflict (part) do update set spas = spas + 1;`;
  const removed = `update spa_name_parts set spas = spas - 1 where part in ${parts('old')};
      delete from spa_name_parts where spas <= 0 and part in ${parts('old')};`;
  for (const statement of [
    `create table spa_name_parts (part text primary key, spas integer not null) without rowid`,
    `insert into spa_name_parts (part, spas)
      select p.value, count(*) from spas, json_each(spa_name_parts(spas.name)) as p group by p.value`,
    `create trigger spa_name_parts_insert after insert on spas begin ${added} end`,
    `create trigger spa_name_parts_delete after delete on spas begin ${removed} end`,
    `create trigger spa_name_parts_rename after update of name on spas when old.name is not new.name begin
      ${removed} ${added}
    end`,
  ])
    await sql.raw(statement).execute(db);
}
