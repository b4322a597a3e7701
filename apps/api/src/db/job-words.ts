import { sql, type Kysely } from 'kysely';
import type { Engine } from './database.ts';
import { charLength, MIN_INDEXED_CHARS } from './text-search.ts';
import { WORD_BREAK } from './sqlite/text-words.mjs';

/**
 * The open jobs of each word of the keyword text, in date order (decision 64).
 *
 * A job's keyword text (title, spa name and description: on PostgreSQL `search_text`, lower-cased; on
 * SQLite each column with its ASCII letters lower-cased, as LIKE compares them, by `job_text_words` in
 * sqlite/text-words.mjs) is cut into words at white space and ASCII punctuation. A keyword with none of
 * those characters can only be found inside one word, so the jobs holding it are exactly the jobs of the
 * words that contain it: found in the list of words
 * (`job_word_list`, by its trigram index), then read newest first from `job_words`, one ordered range
 * per word, as far as the page asked. A deep page costs about as many index entries as its offset,
 * where a walk of the date order passes every job that does not hold the keyword too.
 *
 * Words most jobs hold (`common`) have no entries: their walks find a page soon. On PostgreSQL the
 * first COMMON_BITS of them have a bit each instead, and each open job holding any of those has a row
 * of `job_common_words` with its words' bits (decision 77): a keyword inside such words is read from
 * those rows newest first, merged with the entries of the other words that contain it. A keyword inside
 * a common word without a bit (on SQLite, any common word) is searched as before. So is one of one or
 * two characters, one with white space or punctuation in it, or one inside more words than MAX_WORDS.
 */

/**
 * The characters that cut the keyword text into words, ASCII white space and punctuation, as a
 * PostgreSQL pattern; sqlite/text-words.mjs has the same class (WORD_BREAK) for JavaScript.
 */
export const WORD_BREAKS = String.raw`[\t\n\v\f\r !-/:-@\[-` + '`' + String.raw`{-~]+`;

/** A keyword found inside more words than this is searched as before (`spa` is inside dozens). */
export const MAX_WORDS = 32;
/**
 * A word held by at least this share of the open jobs, and by at least COMMON_JOBS of them, is common:
 * its jobs are not listed (they would be most of the entries), and a walk of the date order finds a
 * page of them within a few entries per job shown.
 */
export const COMMON_SHARE = 0.2;
export const COMMON_JOBS = 20_000;
/**
 * PostgreSQL: how many common words have a bit in their jobs' `job_common_words.words` (decision 77), the
 * first marked; a keyword inside a common word without one is searched as before.
 */
export const COMMON_BITS = 63;

/**
 * SQLite: a common word's entries dropped by one statement on the server's thread, so that none holds it
 * more than a millisecond or two; the thread takes other work between two.
 */
const DROP_BATCH = 500;

/** One job in this many, about 20,000 of them at most, gives each word's share of the open jobs. */
export const sampleEvery = (open: number) => Math.max(1, Math.floor(open / 20_000));

/** PostgreSQL: a word of the list (`w`) that is a job's word (`t.w`), found by its md5 index. */
const PG_WORD_MATCH = sql`md5(w.word) = md5(t.w) and w.word = t.w`;

/** PostgreSQL: the bits no common word has, numbered from 1 (`r`) in order, as a source `f`. */
const FREE_BITS = sql`(select b::smallint as bit, row_number() over (order by b) as r
  from generate_series(0, ${sql.lit(COMMON_BITS - 1)}) as b
  where b not in (select bit from job_word_list where bit is not null)) as f`;

/** How many open jobs make a word common. */
const commonThreshold = (open: number) => Math.max(COMMON_JOBS, Math.ceil(COMMON_SHARE * open));

/** Whether the words' entries can answer a keyword (see the module's comment). */
export function wordsServe(text: string): boolean {
  return charLength(text) >= MIN_INDEXED_CHARS && !WORD_BREAK.test(text);
}

/**
 * A job's distinct words, as a source of rows joined after the job `j` (`from`), and the word of a row
 * (`w`).
 */
const wordsOf = (engine: Engine) =>
  engine === 'postgres'
    ? {
        from: sql`lateral (select distinct t.w from regexp_split_to_table(j.search_text, ${WORD_BREAKS}) as t(w)
          where t.w <> '') as t`,
        w: sql`t.w`,
      }
    : { from: sql`json_each(job_text_words(j.title, j.spa_name, j.description)) as t`, w: sql`t.value` };

/**
 * Lists every open job's words again, from nothing, with the common ones found from a sample; the
 * searches use the list again once it is whole. Writes to the jobs wait meanwhile (about a minute at
 * 1,000,000 jobs). Run by the migration that makes the list, after a bulk load (`npm run seed`), and at a
 * server's start when a bulk load stopped before it (`ifPaused`: then only if the lists are paused, and
 * by one instance, the others finding them whole). Whether it listed them.
 */
export async function rebuildJobWords(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  engine: Engine,
  { ifPaused = false } = {},
): Promise<boolean> {
  const listed = await db.transaction().execute(async (tx) => {
    // One rebuild at a time: PostgreSQL instances starting together wait here, then find the lists whole.
    const state = await sql<{ ready: boolean | number }>`select ready from job_words_state where id = 1
      ${engine === 'postgres' ? sql`for update` : sql``}`.execute(tx);
    if (ifPaused && state.rows[0]?.ready) return false;
    await listJobWords(tx, engine);
    return true;
  });
  if (!listed) return false;
  await sql`analyze job_words`.execute(db);
  await sql`analyze job_word_list`.execute(db);
  return true;
}

/**
 * rebuildJobWords' work, in the caller's transaction. Each entry carries its job's pay and experience
 * (migration 0038); `pay: false` lists them as migration 0036 did, before the entries had them. On
 * PostgreSQL the first COMMON_BITS common words are given their bits and each open job's bits are
 * written (`job_common_words`, migration 0041); `bits: false` lists as the migrations before it did. The
 * entries (and PostgreSQL's rows of bits) carry the job's category (migration 0043); `category: false`
 * lists them as the migrations before it did.
 */
export async function listJobWords(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tx: Kysely<any>,
  engine: Engine,
  { pay = true, bits = true, category = true } = {},
): Promise<void> {
  const withBits = bits && engine === 'postgres';
  // PostgreSQL: no job is written meanwhile (SQLite has one writer, and it is this one).
  if (engine === 'postgres') await sql`lock table jobs in share mode`.execute(tx);
  await sql`update job_words_state set ready = ${engine === 'postgres' ? sql`false` : sql`0`} where id = 1`.execute(
    tx,
  );
  await sql`delete from job_words`.execute(tx);
  if (withBits) await sql`delete from job_common_words`.execute(tx);
  await sql`delete from job_word_list`.execute(tx);
  if (engine === 'sqlite')
    await sql`insert into job_word_list_fts (job_word_list_fts) values ('delete-all')`.execute(tx);
  const open = Number(
    (await sql<{ n: number }>`select count(*) as n from jobs where is_active = 1`.execute(tx)).rows[0]?.n ??
      0,
  );
  const every = sampleEvery(open);
  const words = wordsOf(engine);
  const int = (n: number) => (engine === 'postgres' ? sql`${n}::int` : sql`${n}`);
  await sql`insert into job_word_list (word, common)
    select ${words.w}, ${engine === 'postgres' ? sql`count(*) * ${int(every)} >= ${int(commonThreshold(open))}` : sql`(count(*) * ${every} >= ${commonThreshold(open)})`}
    from jobs j cross join ${words.from}
    where j.is_active = 1 and j.id % ${int(every)} = 0
    group by ${words.w}`.execute(tx);
  await sql`insert ${engine === 'postgres' ? sql`` : sql`or ignore`} into job_word_list (word)
    select distinct ${words.w} from jobs j cross join ${words.from} where j.is_active = 1
    ${engine === 'postgres' ? sql`on conflict ((md5(word))) do nothing` : sql``}`.execute(tx);
  const match = engine === 'postgres' ? PG_WORD_MATCH : sql`w.word = t.value`;
  await sql`insert into job_words (word_id, posted_at, job_id, expires_at, city${category ? sql`, category` : sql``}${pay ? sql`, salary_min, experience_min` : sql``})
    select w.id, j.posted_at, j.id, j.expires_at, j.city${category ? sql`, j.category` : sql``}${pay ? sql`, j.salary_min, j.experience_min` : sql``}
    from jobs j cross join ${words.from} join job_word_list w on ${match}
    where j.is_active = 1 and ${engine === 'postgres' ? sql`not w.common` : sql`w.common = 0`}
    order by 1, 2, 3`.execute(tx);
  if (withBits) await writeCommonWordBits(tx, every, { category });
  await sql`update job_words_state set ready = ${engine === 'postgres' ? sql`true` : sql`1`} where id = 1`.execute(
    tx,
  );
}

/**
 * PostgreSQL: gives the common words without a bit theirs, the commonest first as one job in `every`
 * counts them, while any is left, and writes the rows of bits of every open job holding a common word
 * with one (`job_common_words`, empty before), with its category unless `category` is false (before
 * migration 0043). In the caller's transaction, the jobs' writes held.
 */
export async function writeCommonWordBits(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tx: Kysely<any>,
  every: number,
  { category = true } = {},
): Promise<void> {
  const words = wordsOf('postgres');
  await sql`update job_word_list as l set bit = b.bit from (
      select c.id, f.bit from (
        select id, row_number() over (order by n desc, id) as r from (
          select w.id, count(*) as n from jobs j cross join ${words.from} join job_word_list w on ${PG_WORD_MATCH}
          where j.is_active = 1 and j.id % ${every}::int = 0 and w.common and w.bit is null group by w.id
        ) as n
      ) as c
      join ${FREE_BITS} on f.r = c.r
    ) as b where l.id = b.id`.execute(tx);
  await sql`insert into job_common_words (job_id, posted_at, expires_at, city${category ? sql`, category` : sql``}, salary_min, experience_min, words)
    select j.id, j.posted_at, j.expires_at, j.city${category ? sql`, j.category` : sql``}, j.salary_min, j.experience_min, bit_or(1::bigint << w.bit)
    from jobs j cross join ${words.from} join job_word_list w on ${PG_WORD_MATCH}
    where j.is_active = 1 and w.bit is not null
    group by j.id order by j.posted_at, j.id`.execute(tx);
}

/**
 * Stops keeping the list, and stops searches reading it, until rebuildJobWords: before a bulk load,
 * which would otherwise list every word of every job as it is written.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pauseJobWords(db: Kysely<any>): Promise<void> {
  await sql`update job_words_state set ready = (1 = 0) where id = 1`.execute(db);
}

/**
 * Marks the words that have become common as the board grew, and drops their entries: a word is listed
 * until then. Run every few minutes by the planner's upkeep. The words' entries are counted on `read`
 * (PostgreSQL's primary, with a budget of its own: a second or two at 1,000,000 jobs; SQLite's upkeep
 * thread). A word is marked before its entries go, in the same transaction on PostgreSQL, first on
 * SQLite (whose writes block the server's thread: the entries go DROP_BATCH at a time after): a
 * search sees the mark or the whole list, and entries left of a common word are never read. On
 * PostgreSQL a word marked is given a bit while any is left, and its jobs' bits are set from its entries
 * before they go, with the jobs' writes held meanwhile (decision 77).
 */
export async function markCommonJobWords(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  engine: Engine,
  open: number,
  threshold = commonThreshold(open),
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  read: Kysely<any> = db,
): Promise<number> {
  if (engine === 'postgres')
    return db.transaction().execute(async (tx) => {
      await sql`set local statement_timeout = '60s'`.execute(tx);
      if (!(await sql<{ kept: boolean }>`select job_words_kept() as kept`.execute(tx)).rows[0]?.kept)
        return 0;
      const ids = await countedPast(tx, threshold);
      if (!ids.length) return 0;
      // No job is written meanwhile: one written in between would miss a bit its word has just been
      // given. Writers wait a moment; past lock_timeout (a long import) the words wait for the next turn.
      await sql`set local lock_timeout = '2s'`.execute(tx);
      await sql`lock table jobs in share mode`.execute(tx);
      // The bits left, to the words now marked, in order of their ids.
      await sql`update job_word_list as l set bit = b.bit from (
          select w.id, f.bit from
            (select id, row_number() over (order by id) as r from job_word_list
              where id = any(${ids}::int[]) and not common and bit is null) as w
            join ${FREE_BITS} on f.r = w.r
        ) as b where l.id = b.id`.execute(tx);
      await sql`update job_word_list set common = true where id = any(${ids}::int[])`.execute(tx);
      await sql`insert into job_common_words (job_id, posted_at, expires_at, city, category, salary_min, experience_min, words)
        select e.job_id, e.posted_at, e.expires_at, e.city, e.category, e.salary_min, e.experience_min,
          bit_or(1::bigint << w.bit)
        from job_words e join job_word_list w on w.id = e.word_id
        where e.word_id = any(${ids}::int[]) and w.bit is not null
        group by e.job_id, e.posted_at, e.expires_at, e.city, e.category, e.salary_min, e.experience_min
        on conflict (job_id) do update set words = job_common_words.words | excluded.words`.execute(tx);
      await sql`delete from job_words where word_id = any(${ids}::int[])`.execute(tx);
      return ids.length;
    });
  const ids = await countedPast(read, threshold);
  if (!ids.length) return 0;
  await sql`update job_word_list set common = 1 where id in (${sql.join(ids)})`.execute(db);
  for (const id of ids) {
    for (;;) {
      const r = await sql`delete from job_words where word_id = ${id} and (posted_at, job_id) in
        (select posted_at, job_id from job_words where word_id = ${id} limit ${DROP_BATCH})`.execute(db);
      if (Number(r.numAffectedRows ?? 0) < DROP_BATCH) break;
      await new Promise((done) => setImmediate(done));
    }
  }
  return ids.length;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function countedPast(db: Kysely<any>, threshold: number): Promise<number[]> {
  const r = await sql<{ word_id: number }>`select word_id from job_words
    group by word_id having count(*) >= ${threshold}`.execute(db);
  return r.rows.map((row) => Number(row.word_id));
}
