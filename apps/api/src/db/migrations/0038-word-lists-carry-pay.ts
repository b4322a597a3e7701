import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { listJobWords, WORD_BREAKS } from '../job-words.ts';

/**
 * The keyword words' entries (migration 0036) carry their job's pay and experience (`salary_min`,
 * `experience_min`), and the indexes they are read by carry them too, so that a keyword with a pay floor
 * or an experience is tested on the entries it reads, with no job's row (decision 64's second addendum).
 * Before, such a search walked the jobs in pay order or read every job holding the word, and a word whose
 * jobs never pay enough passed all of them: about 140 ms on PostgreSQL at 1,000,000 jobs whichever way.
 *
 * The triggers list a job again when its pay or experience changes, and write both with its entries.
 * The entries are listed again from the jobs, whole (a few minutes at 1,000,000 jobs).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await sql`alter table job_words add column salary_min integer`.execute(db);
  await sql`alter table job_words add column experience_min integer`.execute(db);
  if (engine === 'sqlite') return sqliteLists(db);
  const breaks = sql.lit(WORD_BREAKS);
  await sql`create or replace function job_words_post(ids integer[]) returns void language plpgsql as $$
    begin
      insert into job_word_list (word)
        select distinct t.w from jobs j cross join lateral regexp_split_to_table(j.search_text, ${breaks}) as t(w)
        where j.id = any(ids) and j.is_active = 1 and t.w <> ''
        on conflict ((md5(word))) do nothing;
      insert into job_words (word_id, posted_at, job_id, expires_at, city, salary_min, experience_min)
        select w.id, j.posted_at, j.id, j.expires_at, j.city, j.salary_min, j.experience_min from jobs j
        cross join lateral (select distinct t.w from regexp_split_to_table(j.search_text, ${breaks}) as t(w)) as t
        join job_word_list w on md5(w.word) = md5(t.w) and w.word = t.w
        where j.id = any(ids) and j.is_active = 1 and not w.common;
    end $$`.execute(db);
  await sql`create or replace function job_words_updated() returns trigger language plpgsql as $$
    declare changed integer[];
    begin
      if not job_words_kept() then return null; end if;
      changed := array(select n.id from new_jobs n join old_jobs o on o.id = n.id
        where n.search_text is distinct from o.search_text or n.posted_at is distinct from o.posted_at
          or n.expires_at is distinct from o.expires_at or n.is_active is distinct from o.is_active
          or n.city is distinct from o.city or n.salary_min is distinct from o.salary_min
          or n.experience_min is distinct from o.experience_min);
      if cardinality(changed) > 0 then
        delete from job_words where job_id = any(changed);
        perform job_words_post(changed);
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop index job_words_order`.execute(db);
  await sql`drop index job_words_city`.execute(db);
  await listJobWords(db, engine, { bits: false, category: false });
  await sql`create index job_words_order on job_words (word_id, posted_at, job_id)
    include (expires_at, salary_min, experience_min)`.execute(db);
  await sql`create index job_words_city on job_words (word_id, city, posted_at, job_id)
    include (expires_at, salary_min, experience_min)`.execute(db);
  await sql`analyze job_words`.execute(db);
}

/**
 * SQLite: the entries' table holds every column in its key's order (without row ids), so only the
 * city's index gains the two; the triggers are made again with them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteLists(db: Kysely<any>): Promise<void> {
  const words = `(select value as w from json_each(job_text_words(new.title, new.spa_name, new.description)))`;
  const post = `
      insert or ignore into job_word_list (word) select w from ${words} where new.is_active = 1;
      insert into job_words (word_id, posted_at, job_id, expires_at, city, salary_min, experience_min)
        select l.id, new.posted_at, new.id, new.expires_at, new.city, new.salary_min, new.experience_min
        from ${words} as t join job_word_list l on l.word = t.w where new.is_active = 1 and l.common = 0;`;
  const kept = `(select ready from job_words_state where id = 1) = 1`;
  for (const statement of [
    `drop trigger job_words_insert`,
    `drop trigger job_words_update`,
    `drop index job_words_city`,
    `create trigger job_words_insert after insert on jobs when ${kept} begin ${post} end`,
    `create trigger job_words_update after update of title, spa_name, description, posted_at, expires_at, is_active,
      city, salary_min, experience_min on jobs when ${kept} begin
      delete from job_words where job_id = old.id; ${post}
    end`,
  ])
    await sql.raw(statement).execute(db);
  await listJobWords(db, 'sqlite', { category: false });
  await sql`create index job_words_city on job_words (word_id, city, posted_at, job_id, expires_at, salary_min,
    experience_min)`.execute(db);
  await sql`analyze job_words`.execute(db);
}

/** Vacuumed after the migrations, so that the entries are read from their index alone at once. */
export const vacuumAfter = ['job_words'];
