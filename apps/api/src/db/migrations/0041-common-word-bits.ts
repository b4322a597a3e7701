import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { sampleEvery, WORD_BREAKS, writeCommonWordBits } from '../job-words.ts';

/**
 * PostgreSQL: the common words of each open job, one bit a word, so that a keyword inside common words
 * is read from a narrow table newest first instead of testing the text of every job a walk passes
 * (decision 77; db/job-words.ts).
 *
 * - `job_word_list.bit`: the bit of a common word (0 to 62; the first 63 common words have one, a
 *   word is given its bit when it is marked common and keeps it).
 * - `job_common_words`: one row per open job that holds a common word with a bit, carrying what the
 *   entries of `job_words` carry (date, expiry, city, pay, experience) and its words' bits (`words`),
 *   ordered by date and id, and by city, date and id, each index carrying the rest.
 *
 * The same triggers as the entries' keep it, in the same statements (`job_words_post`), and the entries'
 * rebuild makes it again. Here the common words found so far are given their bits and their jobs' rows
 * written, from the jobs' text (the entries are left as they are). SQLite is unchanged: its walks read indexes that carry the text, and meet their
 * budgets.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') return;
  const breaks = sql.lit(WORD_BREAKS);
  await sql`alter table job_word_list add column bit smallint check (bit between 0 and 62)`.execute(db);
  await sql`create unique index job_word_list_bit on job_word_list (bit) where bit is not null`.execute(db);
  await sql`create table job_common_words (
    job_id integer primary key,
    posted_at bigint not null,
    expires_at bigint,
    city text not null,
    salary_min integer,
    experience_min integer,
    words bigint not null
  )`.execute(db);
  await sql`create or replace function job_words_post(ids integer[]) returns void language plpgsql as $$
    begin
      insert into job_word_list (word)
        select distinct t.w from jobs j cross join lateral regexp_split_to_table(j.search_text, ${breaks}) as t(w)
        where j.id = any(ids) and j.is_active = 1 and t.w <> ''
        on conflict ((md5(word))) do nothing;
      with held as (
        select j.id, j.posted_at, j.expires_at, j.city, j.salary_min, j.experience_min, w.id as word_id,
          w.common, w.bit
        from jobs j
        cross join lateral (select distinct t.w from regexp_split_to_table(j.search_text, ${breaks}) as t(w)) as t
        join job_word_list w on md5(w.word) = md5(t.w) and w.word = t.w
        where j.id = any(ids) and j.is_active = 1
      ), listed as (
        insert into job_words (word_id, posted_at, job_id, expires_at, city, salary_min, experience_min)
        select word_id, posted_at, id, expires_at, city, salary_min, experience_min from held where not common
      )
      insert into job_common_words (job_id, posted_at, expires_at, city, salary_min, experience_min, words)
        select id, posted_at, expires_at, city, salary_min, experience_min, bit_or(1::bigint << bit) from held
        where bit is not null
        group by id, posted_at, expires_at, city, salary_min, experience_min;
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
        delete from job_common_words where job_id = any(changed);
        perform job_words_post(changed);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create or replace function job_words_deleted() returns trigger language plpgsql as $$
    begin
      if job_words_kept() then
        delete from job_words where job_id = any(array(select id from old_jobs));
        delete from job_common_words where job_id = any(array(select id from old_jobs));
      end if;
      return null;
    end $$`.execute(db);
  // The common words' bits and their jobs' rows, when the lists are whole (else their rebuild makes them).
  await sql`lock table jobs in share mode`.execute(db);
  const kept = await sql<{ kept: boolean }>`select job_words_kept() as kept`.execute(db);
  if (kept.rows[0]?.kept) {
    const open = await sql<{ n: number }>`select count(*)::int as n from jobs where is_active = 1`.execute(
      db,
    );
    await writeCommonWordBits(db, sampleEvery(open.rows[0]?.n ?? 0), { category: false });
  }
  await sql`create index job_common_words_order on job_common_words (posted_at, job_id)
    include (expires_at, salary_min, experience_min, words)`.execute(db);
  await sql`create index job_common_words_city on job_common_words (city, posted_at, job_id)
    include (expires_at, salary_min, experience_min, words)`.execute(db);
  await sql`analyze job_word_list`.execute(db);
  await sql`analyze job_common_words`.execute(db);
}

/** Vacuumed after the migrations, so that its rows are read from its indexes alone at once. */
export const vacuumAfter = ['job_common_words'];
