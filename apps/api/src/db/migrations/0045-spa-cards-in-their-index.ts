import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { CARD_HEAD_IN_INDEX } from '../spa-cards.ts';

/**
 * PostgreSQL: a nearby page reads each spa's card from the cards' primary key alone (decision 85). The key
 * carries the card's columns (`include`), so the index is the cards in key order, that is in place order,
 * whatever order the table's rows were written in, and a page's cards lie on a few of its leaf pages.
 *
 * An index entry must fit in a third of a page: a card whose head is longer than CARD_HEAD_IN_INDEX bytes
 * (none of the seeded or demo spas; a spa with every field at its longest in Devanagari) keeps it in
 * `long_head`, in the table only, with `head` null; a trigger on the cards moves it there as it is written,
 * so the spas' triggers (migration 0044) are unchanged. A page reads such a head from the table.
 *
 * SQLite: nothing. Its cards are the rows of a table ordered by its integer key.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  for (const statement of [
    `alter table spa_cards add column long_head text, alter column head drop not null`,
    `update spa_cards set long_head = head, head = null where octet_length(head) > ${CARD_HEAD_IN_INDEX}`,
    `alter table spa_cards add constraint spa_cards_one_head check ((head is null) <> (long_head is null))`,
    `create function spa_cards_head_placed() returns trigger language plpgsql as $$
      begin
        if new.head is not null and octet_length(new.head) > ${CARD_HEAD_IN_INDEX} then
          new.long_head := new.head;
          new.head := null;
        end if;
        return new;
      end $$`,
    `create trigger spa_cards_head_placed before insert or update of head on spa_cards
      for each row execute function spa_cards_head_placed()`,
    `alter table spa_cards drop constraint spa_cards_pkey,
      add constraint spa_cards_pkey primary key (key)
      include (id, head, verified, open_jobs, open_jobs_from, open_jobs_until)`,
  ])
    await sql.raw(statement).execute(db);
}

/** The cards are vacuumed after the migrations, so that the page's index-only scans work at once. */
export const vacuumAfter = ['spa_cards'];
