import { sql, type Kysely } from 'kysely';
import { charLength, MIN_INDEXED_CHARS } from './text-search.ts';

/**
 * PostgreSQL: the open jobs of each word of the keyword text, in date order (decision 64).
 *
 * A job's keyword text (`search_text`, lower-cased) is cut into words at white space and ASCII
 * punctuation. A keyword with none of those characters can only be found inside one word, so the jobs
 * holding it are exactly the jobs of the words that contain it: found in the list of words
 * (`job_word_list`, by its trigram index), then read newest first from `job_words`, one ordered range
 * per word, as far as the page asked. A deep page costs about as many index entries as its offset,
 * where a walk of the date order passes every job that does not hold the keyword too.
 *
 * Words most jobs hold (`common`) have no entries: their walks find a page soon. A keyword inside any
 * of them is searched as before. So is one of one or two characters, one with white space or
 * punctuation in it, or one inside more words than MAX_WORDS.
 */

/** The characters that cut the keyword text into words: ASCII white space and punctuation. */
export const WORD_BREAKS = String.raw`[\t\n\v\f\r !-/:-@\[-` + '`' + String.raw`{-~]+`;
const BREAK = /[\t\n\v\f\r !-/:-@[-`{-~]/;

/** A keyword found inside more words than this is searched as before (`spa` is inside dozens). */
export const MAX_WORDS = 32;
/**
 * A word held by at least this share of the open jobs, and by at least COMMON_JOBS of them, is common:
 * its jobs are not listed (they would be most of the entries), and a walk of the date order finds a
 * page of them within a few entries per job shown.
 */
export const COMMON_SHARE = 0.2;
export const COMMON_JOBS = 20_000;

/** How many open jobs make a word common. */
const commonThreshold = (open: number) => Math.max(COMMON_JOBS, Math.ceil(COMMON_SHARE * open));

/** Whether the words' entries can answer a keyword (see the module's comment). */
export function wordsServe(text: string): boolean {
  return charLength(text) >= MIN_INDEXED_CHARS && !BREAK.test(text);
}

/**
 * Lists every open job's words again, from nothing, with the common ones found from a sample; the
 * searches use the list again once it is whole. Writes to the jobs wait meanwhile (about a minute at
 * 1,000,000 jobs). Run by the migration that makes the list, and after a bulk load (`npm run seed`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function rebuildJobWords(db: Kysely<any>): Promise<void> {
  await db.transaction().execute((tx) => listJobWords(tx));
  await sql`analyze job_words`.execute(db);
  await sql`analyze job_word_list`.execute(db);
}

/** rebuildJobWords' work, in the caller's transaction. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function listJobWords(tx: Kysely<any>): Promise<void> {
  {
    await sql`lock table jobs in share mode`.execute(tx);
    await sql`update job_words_state set ready = false where id = 1`.execute(tx);
    await sql`truncate job_words`.execute(tx);
    await sql`delete from job_word_list`.execute(tx);
    const open = Number(
      (await sql<{ n: number }>`select count(*)::int as n from jobs where is_active = 1`.execute(tx)).rows[0]
        ?.n ?? 0,
    );
    // One job in `every`, about 20,000 of them at most, gives each word's share.
    const every = Math.max(1, Math.floor(open / 20_000));
    await sql`insert into job_word_list (word, common)
      select w, count(*) * ${every}::int >= ${commonThreshold(open)}::int
      from (select distinct j.id, t.w from jobs j
              cross join lateral regexp_split_to_table(j.search_text, ${WORD_BREAKS}) as t(w)
                  where j.is_active = 1 and j.id % ${every}::int = 0 and t.w <> '') as sampled
      group by w`.execute(tx);
    await sql`insert into job_word_list (word)
      select distinct t.w from jobs j cross join lateral regexp_split_to_table(j.search_text, ${WORD_BREAKS}) as t(w)
      where j.is_active = 1 and t.w <> ''
      on conflict ((md5(word))) do nothing`.execute(tx);
    await sql`insert into job_words (word_id, posted_at, job_id, expires_at)
      select w.id, j.posted_at, j.id, j.expires_at
      from jobs j
      cross join lateral (select distinct t.w from regexp_split_to_table(j.search_text, ${WORD_BREAKS}) as t(w)) as t
      join job_word_list w on md5(w.word) = md5(t.w) and w.word = t.w
      where j.is_active = 1 and not w.common`.execute(tx);
    await sql`update job_words_state set ready = true where id = 1`.execute(tx);
  }
}

/**
 * Stops keeping the list, and stops searches reading it, until rebuildJobWords: before a bulk load,
 * which would otherwise list every word of every job as it is written.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pauseJobWords(db: Kysely<any>): Promise<void> {
  await sql`update job_words_state set ready = false where id = 1`.execute(db);
}

/**
 * Marks the words that have become common as the board grew, and drops their entries: a word is
 * listed until then. Run every few minutes by the planner's upkeep, on the primary (it writes), with a
 * budget of its own: counting every entry takes a second or two at 1,000,000 jobs. The mark and the drop
 * commit together, so a search sees either the word's whole list or the mark.
 */
export async function markCommonJobWords(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  open: number,
  threshold = commonThreshold(open),
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`set local statement_timeout = '60s'`.execute(tx);
    if (!(await sql<{ kept: boolean }>`select job_words_kept() as kept`.execute(tx)).rows[0]?.kept) return 0;
    const r = await sql<{ word_id: number }>`select word_id from job_words
      group by word_id having count(*) >= ${threshold}::int`.execute(tx);
    const ids = r.rows.map((row) => Number(row.word_id));
    if (!ids.length) return 0;
    await sql`update job_word_list set common = true where id = any(${ids}::int[])`.execute(tx);
    await sql`delete from job_words where word_id = any(${ids}::int[])`.execute(tx);
    return ids.length;
  });
}
