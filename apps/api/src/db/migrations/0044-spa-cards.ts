import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { CARD_COLUMNS, CARD_ID_LIMIT, cardKeySql, cardValuesSql, stripSql } from '../spa-cards.ts';

/**
 * Each spa's card (`spa_cards`, decision 83): its listed fields as the contract's JSON up to the open
 * jobs, and the open jobs' count with its times (migration 0039), in place order. A nearby page reads its
 * spas' cards, a few neighbouring pages of one table, instead of each spa's row wherever it lies, and
 * writes each spa by joining the card's head to its open jobs and distance.
 *
 * Triggers keep the cards in the transaction of every write to the spas: a new spa's card is written,
 * a deleted spa's taken away; a change to a listed field or the place writes the card again (at its new
 * key when the spa moved), a change to the open jobs' count only sets the card's count.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const card = cardValuesSql(engine, 'spas');
  const oldKey = cardKeySql(engine, 'old', stripSql(engine, 'old'));
  const newKey = cardKeySql(engine, 'new', stripSql(engine, 'new'));
  const fresh = cardValuesSql(engine, 'new');
  const counts = `open_jobs = new.open_jobs, open_jobs_from = new.open_jobs_from, open_jobs_until = new.open_jobs_until`;
  if (engine === 'sqlite') {
    // Rows of about a kilobyte, in a table ordered by its integer key: a page of the file holds three or
    // four of them, where a table without rowid would spill each into pages of their own.
    await sql`create table spa_cards (key integer primary key, id integer not null unique
        check (id >= 0 and id < ${sql.lit(CARD_ID_LIMIT)}), head text not null, verified integer not null,
        open_jobs integer not null, open_jobs_from integer not null, open_jobs_until integer)`.execute(db);
    await sql
      .raw(`insert into spa_cards (${card.columns}) select ${card.values} from spas order by 1`)
      .execute(db);
    for (const statement of [
      `create trigger spa_cards_insert after insert on spas begin
        insert into spa_cards (${fresh.columns}) values (${fresh.values}); end`,
      `create trigger spa_cards_delete after delete on spas begin delete from spa_cards where key = ${oldKey}; end`,
      `create trigger spa_cards_listed after update of ${CARD_COLUMNS.join(', ')} on spas begin
        delete from spa_cards where key = ${oldKey};
        insert into spa_cards (${fresh.columns}) values (${fresh.values}); end`,
      `create trigger spa_cards_counts after update of open_jobs, open_jobs_from, open_jobs_until on spas begin
        update spa_cards set ${counts} where key = ${newKey}; end`,
    ])
      await sql.raw(statement).execute(db);
    return;
  }
  // Rewritten counts stay on their page (fillfactor), so the table keeps its place order.
  await sql`create table spa_cards (key bigint primary key, id integer not null unique
      check (id >= 0 and id < ${sql.lit(CARD_ID_LIMIT)}), head text not null, verified boolean not null,
      open_jobs integer not null, open_jobs_from bigint not null, open_jobs_until bigint) with (fillfactor = 70)`.execute(
    db,
  );
  await sql
    .raw(`insert into spa_cards (${card.columns}) select ${card.values} from spas order by 1`)
    .execute(db);
  const listed = CARD_COLUMNS.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  await sql
    .raw(
      `create function spa_cards_kept() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and not (${listed}) then
          if (old.open_jobs, old.open_jobs_from, old.open_jobs_until)
            is distinct from (new.open_jobs, new.open_jobs_from, new.open_jobs_until) then
            update spa_cards set ${counts} where key = ${newKey};
          end if;
          return null;
        end if;
        if tg_op <> 'INSERT' then delete from spa_cards where key = ${oldKey}; end if;
        if tg_op <> 'DELETE' then insert into spa_cards (${fresh.columns}) values (${fresh.values}); end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger spa_cards_kept after insert or update or delete on spas
    for each row execute function spa_cards_kept()`.execute(db);
}

/** PostgreSQL: the new table is vacuumed and analyzed after the migrations. */
export const vacuumAfter = ['spa_cards'];
