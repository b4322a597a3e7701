import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * SQLite: the word index of migration 0016 also holds each job's city, state
 * and category, so that showing a search with such a filter past the count's
 * cap reads only the jobs that hold the words there: the index intersects
 * them itself instead of handing over every job that holds the words
 * anywhere (decision 0032's addendum). The index is made again with the new
 * columns, and its triggers follow them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  for (const statement of [
    'drop trigger if exists jobs_words_insert',
    'drop trigger if exists jobs_words_delete',
    'drop trigger if exists jobs_words_update',
    'drop table if exists jobs_words',
    `create virtual table jobs_words using fts5(title, description, spa_name, city, state, category, content='',
       contentless_delete=1, tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*'", detail=column)`,
    `insert into jobs_words (rowid, title, description, spa_name, city, state, category)
       select id, title, description, spa_name, city, state, category from jobs`,
    // The job's spa name is written by another trigger of the insert, which fires the update
    // below: read it from the spa, and make way for a row that trigger may have written first.
    `create trigger jobs_words_insert after insert on jobs begin
       delete from jobs_words where rowid = new.id;
       insert into jobs_words (rowid, title, description, spa_name, city, state, category)
         values (new.id, new.title, new.description, coalesce((select name from spas where id = new.spa_id), ''),
                 new.city, new.state, new.category);
     end`,
    `create trigger jobs_words_delete after delete on jobs begin
       delete from jobs_words where rowid = old.id;
     end`,
    // A renamed spa or a job moved to another spa changes jobs.spa_name (migration 0011): caught here.
    `create trigger jobs_words_update after update of title, description, spa_name, city, state, category on jobs begin
       delete from jobs_words where rowid = old.id;
       insert into jobs_words (rowid, title, description, spa_name, city, state, category)
         values (new.id, new.title, new.description, new.spa_name, new.city, new.state, new.category);
     end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
