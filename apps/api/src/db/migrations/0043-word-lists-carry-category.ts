import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import { listJobWords, WORD_BREAKS } from '../job-words.ts';

/**
 * The words' entries (`job_words`) and, on PostgreSQL, the common words' rows of bits
 * (`job_common_words`) carry their job's category, and are read by word and category (and by category)
 * in date order, so that a keyword in one category is read from them like a keyword in one city
 * (decision 82). Before, such a search read the trigram index's candidates of the whole board, or walked
 * the category's jobs, each row read: at 1,000,000 jobs `manager` in Therapist (no job) took 2.5 s on
 * PostgreSQL as the first search after a restart, 0.5 s after; 0.7 s and 0.12 s on SQLite.
 *
 * The city's indexes carry the category too, so that a keyword in a city and a category is tested on the
 * city's entries. The triggers list a job again when its category changes. The entries are listed again
 * from the jobs, whole, with the common words' bits (several minutes at 1,000,000 jobs).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await sql`alter table job_words add column category text`.execute(db);
  if (engine === 'sqlite') return sqliteLists(db);
  const breaks = sql.lit(WORD_BREAKS);
  await sql`alter table job_common_words add column category text`.execute(db);
  await sql`create or replace function job_words_post(ids integer[]) returns void language plpgsql as $$
    begin
      insert into job_word_list (word)
        select distinct t.w from jobs j cross join lateral regexp_split_to_table(j.search_text, ${breaks}) as t(w)
        where j.id = any(ids) and j.is_active = 1 and t.w <> ''
        on conflict ((md5(word))) do nothing;
      with held as (
        select j.id, j.posted_at, j.expires_at, j.city, j.category, j.salary_min, j.experience_min,
          w.id as word_id, w.common, w.bit
        from jobs j
        cross join lateral (select distinct t.w from regexp_split_to_table(j.search_text, ${breaks}) as t(w)) as t
        join job_word_list w on md5(w.word) = md5(t.w) and w.word = t.w
        where j.id = any(ids) and j.is_active = 1
      ), listed as (
        insert into job_words (word_id, posted_at, job_id, expires_at, city, category, salary_min, experience_min)
        select word_id, posted_at, id, expires_at, city, category, salary_min, experience_min from held
        where not common
      )
      insert into job_common_words (job_id, posted_at, expires_at, city, category, salary_min, experience_min, words)
        select id, posted_at, expires_at, city, category, salary_min, experience_min, bit_or(1::bigint << bit)
        from held where bit is not null
        group by id, posted_at, expires_at, city, category, salary_min, experience_min;
    end $$`.execute(db);
  await sql`create or replace function job_words_updated() returns trigger language plpgsql as $$
    declare changed integer[];
    begin
      if not job_words_kept() then return null; end if;
      changed := array(select n.id from new_jobs n join old_jobs o on o.id = n.id
        where n.search_text is distinct from o.search_text or n.posted_at is distinct from o.posted_at
          or n.expires_at is distinct from o.expires_at or n.is_active is distinct from o.is_active
          or n.city is distinct from o.city or n.category is distinct from o.category
          or n.salary_min is distinct from o.salary_min or n.experience_min is distinct from o.experience_min);
      if cardinality(changed) > 0 then
        delete from job_words where job_id = any(changed);
        delete from job_common_words where job_id = any(changed);
        perform job_words_post(changed);
      end if;
      return null;
    end $$`.execute(db);
  for (const index of [
    'job_words_order',
    'job_words_city',
    'job_common_words_order',
    'job_common_words_city',
  ])
    await sql`drop index ${sql.ref(index)}`.execute(db);
  // Listed again only when the lists are whole; a bulk load's rebuild lists them, with the category.
  const kept = await sql<{ kept: boolean }>`select job_words_kept() as kept`.execute(db);
  if (kept.rows[0]?.kept) await listJobWords(db, engine);
  await sql`create index job_words_order on job_words (word_id, posted_at, job_id)
    include (expires_at, salary_min, experience_min)`.execute(db);
  await sql`create index job_words_city on job_words (word_id, city, posted_at, job_id)
    include (expires_at, salary_min, experience_min, category)`.execute(db);
  await sql`create index job_words_category on job_words (word_id, category, posted_at, job_id)
    include (expires_at, salary_min, experience_min)`.execute(db);
  await sql`create index job_common_words_order on job_common_words (posted_at, job_id)
    include (expires_at, salary_min, experience_min, words)`.execute(db);
  await sql`create index job_common_words_city on job_common_words (city, posted_at, job_id)
    include (expires_at, salary_min, experience_min, words, category)`.execute(db);
  await sql`create index job_common_words_category on job_common_words (category, posted_at, job_id)
    include (expires_at, salary_min, experience_min, words)`.execute(db);
  await sql`analyze job_words`.execute(db);
  await sql`analyze job_common_words`.execute(db);
}

/**
 * SQLite: the entries' table holds its columns in its key's order (without row ids), the category among
 * them; the city's index gains it, a new one reads it by word; the triggers are made again with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteLists(db: Kysely<any>): Promise<void> {
  const words = `(select value as w from json_each(job_text_words(new.title, new.spa_name, new.description)))`;
  const post = `
      insert or ignore into job_word_list (word) select w from ${words} where new.is_active = 1;
      insert into job_words (word_id, posted_at, job_id, expires_at, city, category, salary_min, experience_min)
        select l.id, new.posted_at, new.id, new.expires_at, new.city, new.category, new.salary_min,
          new.experience_min
        from ${words} as t join job_word_list l on l.word = t.w where new.is_active = 1 and l.common = 0;`;
  const kept = `(select ready from job_words_state where id = 1) = 1`;
  for (const statement of [
    `drop trigger job_words_insert`,
    `drop trigger job_words_update`,
    `drop index job_words_city`,
    `create trigger job_words_insert after insert on jobs when ${kept} begin ${post} end`,
    `create trigger job_words_update after update of title, spa_name, description, posted_at, expires_at, is_active,
      city, category, salary_min, experience_min on jobs when ${kept} begin
      delete from job_words where job_id = old.id; ${post}
    end`,
  ])
    await sql.raw(statement).execute(db);
  const ready = await sql<{ ready: number }>`select ready from job_words_state where id = 1`.execute(db);
  if (ready.rows[0]?.ready) await listJobWords(db, 'sqlite');
  await sql`create index job_words_city on job_words (word_id, city, posted_at, job_id, expires_at, salary_min,
    experience_min, category)`.execute(db);
  await sql`create index job_words_category on job_words (word_id, category, posted_at, job_id, expires_at,
    salary_min, experience_min)`.execute(db);
  await sql`analyze job_words`.execute(db);
}

/** Vacuumed after the migrations, so that the entries are read from their indexes alone at once. */
export const vacuumAfter = ['job_words', 'job_common_words'];
