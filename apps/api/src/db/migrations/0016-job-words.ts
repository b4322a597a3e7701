import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * SQLite: an index of the words of each job's title, description and spa
 * name (FTS5, unicode61, combining marks kept inside words so that Devanagari
 * words stay whole, accents kept), beside the trigram index. A search is
 * still "contains", tested on the job itself; this index only finds, cheaply,
 * jobs that hold the searched text at the start of a word, which is enough to
 * show that a common word has more matches than the count's cap without
 * testing a quarter of the board in date order (decision 0032). Kept in step
 * by triggers, in the transaction of every write, as the trigram index is.
 * Beside it, open jobs by id with what such a search's filters and a title
 * test read, so that the index's candidates are checked without their rows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql
    .raw(
      `create virtual table jobs_words using fts5(title, description, spa_name, content='', contentless_delete=1,
        tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*'", detail=column)`,
    )
    .execute(db);
  await sql`insert into jobs_words (rowid, title, description, spa_name)
    select id, title, description, spa_name from jobs`.execute(db);
  await sql`create index jobs_open_ids on jobs (id, expires_at, posted_at, city, state, category, title)
    where is_active = 1`.execute(db);
  for (const statement of [
    // The job's spa name is written by another trigger of the insert, which fires the update
    // below: read it from the spa, and make way for a row that trigger may have written first.
    `create trigger jobs_words_insert after insert on jobs begin
       delete from jobs_words where rowid = new.id;
       insert into jobs_words (rowid, title, description, spa_name)
         values (new.id, new.title, new.description, coalesce((select name from spas where id = new.spa_id), ''));
     end`,
    `create trigger jobs_words_delete after delete on jobs begin
       delete from jobs_words where rowid = old.id;
     end`,
    // A renamed spa or a job moved to another spa changes jobs.spa_name (migration 0011): caught here.
    `create trigger jobs_words_update after update of title, description, spa_name on jobs begin
       delete from jobs_words where rowid = old.id;
       insert into jobs_words (rowid, title, description, spa_name)
         values (new.id, new.title, new.description, new.spa_name);
     end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
