import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { listJobWords, WORD_BREAKS } from '../job-words.ts';
import { trigramOperatorClass } from './0004-text-search.ts';

/**
 * The open jobs of each word of the keyword text, in date order, so that a keyword's jobs are read
 * newest first from the words that contain it (decision 64; db/job-words.ts).
 *
 * - `job_word_list`: every word once (by its md5, so a word of any length fits the unique index), with
 *   a trigram index to find the words that contain a keyword, and whether it is common (not listed).
 * - `job_words`: one entry per open job and word that is not common, ordered by word, then date and id,
 *   carrying the expiry; by word, then the job's city, date and id, for a keyword in one city; and by
 *   job, to drop a job's entries.
 * - `job_words_state`: whether the lists are whole; searches and the triggers use them only then.
 *
 * Triggers keep them in the transaction of every write to the jobs: one statement's rows at a time
 * (transition tables), so a batch of a thousand jobs is listed in a few statements, not thousands.
 * An update that changes none of the text, the date, the expiry, the city or whether the job is open (a
 * view counted) lists nothing again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') return sqliteLists(db);
  const ops = await trigramOperatorClass(db);
  const breaks = sql.lit(WORD_BREAKS);
  await sql`create table job_word_list (
    id serial primary key,
    word text not null,
    common boolean not null default false
  )`.execute(db);
  await sql`create unique index job_word_list_word on job_word_list (md5(word))`.execute(db);
  await sql`create index job_word_list_trgm on job_word_list using gin (word ${sql.raw(ops)})`.execute(db);
  await sql`create table job_words (
    word_id integer not null,
    posted_at bigint not null,
    job_id integer not null,
    expires_at bigint,
    city text not null
  )`.execute(db);
  await sql`create index job_words_order on job_words (word_id, posted_at, job_id) include (expires_at)`.execute(
    db,
  );
  await sql`create index job_words_city on job_words (word_id, city, posted_at, job_id) include (expires_at)`.execute(
    db,
  );
  await sql`create index job_words_job on job_words (job_id)`.execute(db);
  await sql`create table job_words_state (id integer primary key check (id = 1), ready boolean not null)`.execute(
    db,
  );
  await sql`insert into job_words_state (id, ready) values (1, false)`.execute(db);
  await sql`create function job_words_post(ids integer[]) returns void language plpgsql as $$
    begin
      insert into job_word_list (word)
        select distinct t.w from jobs j cross join lateral regexp_split_to_table(j.search_text, ${breaks}) as t(w)
        where j.id = any(ids) and j.is_active = 1 and t.w <> ''
        on conflict ((md5(word))) do nothing;
      insert into job_words (word_id, posted_at, job_id, expires_at, city)
        select w.id, j.posted_at, j.id, j.expires_at, j.city from jobs j
        cross join lateral (select distinct t.w from regexp_split_to_table(j.search_text, ${breaks}) as t(w)) as t
        join job_word_list w on md5(w.word) = md5(t.w) and w.word = t.w
        where j.id = any(ids) and j.is_active = 1 and not w.common;
    end $$`.execute(db);
  await sql`create function job_words_kept() returns boolean language sql stable as $$
    select coalesce((select ready from job_words_state where id = 1), false) $$`.execute(db);
  await sql`create function job_words_inserted() returns trigger language plpgsql as $$
    begin
      if job_words_kept() then
        perform job_words_post(array(select id from new_jobs where is_active = 1));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function job_words_updated() returns trigger language plpgsql as $$
    declare changed integer[];
    begin
      if not job_words_kept() then return null; end if;
      changed := array(select n.id from new_jobs n join old_jobs o on o.id = n.id
        where n.search_text is distinct from o.search_text or n.posted_at is distinct from o.posted_at
          or n.expires_at is distinct from o.expires_at or n.is_active is distinct from o.is_active
          or n.city is distinct from o.city);
      if cardinality(changed) > 0 then
        delete from job_words where job_id = any(changed);
        perform job_words_post(changed);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function job_words_deleted() returns trigger language plpgsql as $$
    begin
      if job_words_kept() then
        delete from job_words where job_id = any(array(select id from old_jobs));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger job_words_insert after insert on jobs referencing new table as new_jobs
    for each statement execute function job_words_inserted()`.execute(db);
  await sql`create trigger job_words_update after update on jobs
    referencing old table as old_jobs new table as new_jobs
    for each statement execute function job_words_updated()`.execute(db);
  await sql`create trigger job_words_delete after delete on jobs referencing old table as old_jobs
    for each statement execute function job_words_deleted()`.execute(db);
  await listJobWords(db, engine, { pay: false, bits: false, category: false });
  await sql`analyze job_words`.execute(db);
  await sql`analyze job_word_list`.execute(db);
}

/**
 * SQLite: the same lists. Words are unique as they are (a key of any length fits); an FTS5 trigram
 * index over them (external content) finds those that contain a keyword. The job's entries are a table
 * without row ids, ordered as its key. Triggers, one job at a time, call `job_text_words` (registered on
 * every connection that writes jobs, sqlite/text-words.mjs).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteLists(db: Kysely<any>): Promise<void> {
  const words = (job: 'new') =>
    `(select value as w from json_each(job_text_words(${job}.title, ${job}.spa_name, ${job}.description)))`;
  const post = `
      insert or ignore into job_word_list (word) select w from ${words('new')} where new.is_active = 1;
      insert into job_words (word_id, posted_at, job_id, expires_at, city)
        select l.id, new.posted_at, new.id, new.expires_at, new.city from ${words('new')} as t
        join job_word_list l on l.word = t.w where new.is_active = 1 and l.common = 0;`;
  const kept = `(select ready from job_words_state where id = 1) = 1`;
  for (const statement of [
    `create table job_word_list (id integer primary key, word text not null unique, common integer not null default 0)`,
    `create virtual table job_word_list_fts using fts5(word, content='job_word_list', content_rowid='id', tokenize='trigram')`,
    `create trigger job_word_list_fts_insert after insert on job_word_list begin
      insert into job_word_list_fts (rowid, word) values (new.id, new.word);
    end`,
    `create trigger job_word_list_fts_delete after delete on job_word_list begin
      insert into job_word_list_fts (job_word_list_fts, rowid, word) values ('delete', old.id, old.word);
    end`,
    `create table job_words (word_id integer not null, posted_at integer not null, job_id integer not null,
      expires_at integer, city text not null, primary key (word_id, posted_at, job_id)) without rowid`,
    `create index job_words_city on job_words (word_id, city, posted_at, job_id, expires_at)`,
    `create index job_words_job on job_words (job_id)`,
    `create table job_words_state (id integer primary key check (id = 1), ready integer not null)`,
    `insert into job_words_state (id, ready) values (1, 0)`,
    `create trigger job_words_insert after insert on jobs when ${kept} begin ${post} end`,
    `create trigger job_words_update after update of title, spa_name, description, posted_at, expires_at, is_active,
      city on jobs when ${kept} begin
      delete from job_words where job_id = old.id; ${post}
    end`,
    `create trigger job_words_delete after delete on jobs when ${kept} begin
      delete from job_words where job_id = old.id;
    end`,
  ])
    await sql.raw(statement).execute(db);
  await listJobWords(db, 'sqlite', { pay: false, category: false });
  await sql`analyze job_words`.execute(db);
  await sql`analyze job_word_list`.execute(db);
}

/** Vacuumed after the migrations, so that the words' entries are read from their index alone at once. */
export const vacuumAfter = ['job_words'];
