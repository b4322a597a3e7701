import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Engine } from './database.ts';
import { termSignature } from './sqlite/text-signature.mjs';

/**
 * "Contains, case-insensitive" text search answered from an index on both
 * engines (decision 0013). On SQLite an FTS5 trigram table finds the rows that
 * hold every trigram of the text, and LIKE on the real row confirms the match;
 * on PostgreSQL ILIKE is served by a pg_trgm GIN index. Text shorter than a
 * trigram cannot use either index and is only ever tested row by row on a
 * bounded walk (see JobRepository).
 */

/** Shortest text an index can serve. */
export const MIN_INDEXED_CHARS = 3;
/** More trigrams than this add little to the index lookup; the row check is exact anyway. */
const MAX_TRIGRAMS = 12;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/** Length in characters as people count them (code points), so Devanagari counts like English. */
export const charLength = (text: string) => Array.from(text).length;

export const isIndexable = (text: string) => charLength(text) >= MIN_INDEXED_CHARS;

/**
 * PostgreSQL's trigram index narrows a search only through three letters,
 * digits or marks in a row: pg_trgm drops every other character, so text
 * such as `%_%` or `a.b` would read the whole index and recheck every job.
 */
export const pgTrigramsIn = (text: string) => /[\p{L}\p{M}\p{N}]{3}/u.test(text);

/**
 * The share of a signature's 512 bits that a job's text sets: 0.35 on the demo data (a title, a spa's
 * name and 250 characters of description). A job without a term sets all of the term's bits by chance
 * about this often to the power of the term's trigrams.
 */
export const SIGNATURE_FILL = 0.35;

/**
 * SQLite: a test that every job containing `text` passes, on the text signatures that the indexes read in
 * date order carry (migration 0033): the term's bits, word by word, each an AND on the entry. Undefined
 * for a term of fewer than three characters, which sets none. Written as the indexes' expressions are,
 * so that each word is read from the entry.
 */
export function signatureHolds(text: string): Expression<SqlBool> | undefined {
  const words = termSignature(text);
  if (!words.length) return undefined;
  return sql<SqlBool>`${sql.join(
    words.map(
      ({ word, mask }) =>
        sql`(job_text_signature(jobs.title, jobs.spa_name, jobs.description, ${sql.lit(word)}) & ${mask}) = ${mask}`,
    ),
    sql` and `,
  )}`;
}

/** Words of a keyword search: split on spaces, without repeats, at most five. */
export function keywordWords(q: string): string[] {
  const seen = new Set<string>();
  for (const w of q.trim().split(/\s+/)) {
    if (w && !seen.has(w.toLowerCase())) seen.add(w.toLowerCase());
  }
  return [...seen].slice(0, 5);
}

/** The distinct trigrams of a text, lower-cased (spread over the text when it is long). */
export function trigramsOf(text: string): string[] {
  const chars = Array.from(text.toLowerCase());
  const all: string[] = [];
  for (let i = 0; i + MIN_INDEXED_CHARS <= chars.length; i++) {
    all.push(chars.slice(i, i + MIN_INDEXED_CHARS).join(''));
  }
  const unique = [...new Set(all)];
  return unique.length <= MAX_TRIGRAMS
    ? unique
    : Array.from(
        { length: MAX_TRIGRAMS },
        (_, i) => unique[Math.round((i * (unique.length - 1)) / (MAX_TRIGRAMS - 1))]!,
      );
}

/**
 * An FTS5 query asking for rows that hold all the given trigrams in the given
 * columns. Each trigram is a quoted string, so nothing a user types is read
 * as query syntax.
 */
export function ftsQuery(trigrams: string[], columns?: string[]): string {
  const expr = trigrams.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
  return columns ? `{${columns.join(' ')}} : (${expr})` : expr;
}

/** Case-insensitive "contains" on one column, checked on the row itself. */
export function containsText(engine: Engine, column: string, text: string): Expression<SqlBool> {
  const pattern = likePattern(text);
  const ref = sql.ref(column);
  return engine === 'postgres'
    ? sql<SqlBool>`${ref} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * PostgreSQL: a keyword word in a job's title, spa name or description, tested
 * on the lower-cased text they make together (`jobs.search_text`, migration
 * 0013): what three ILIKEs would find, for the cost of one LIKE.
 */
export function jobTextContains(text: string): Expression<SqlBool> {
  return sql<SqlBool>`jobs.search_text like ${lowerPattern(text)}`;
}

/** The pattern of a text tested on a lower-cased column with LIKE (PostgreSQL), with its escape. */
export const lowerPattern = (text: string) => sql`lower(${likePattern(text)}) escape '\\'`;

/**
 * The same test, written so that PostgreSQL's planner neither reads it from
 * the trigram index nor multiplies its estimate with the other words': for a
 * search whose plan the repository has already chosen (decision 32's
 * addendum). Two words' LIKEs were estimated at a twentieth of the jobs that
 * hold both, and a walk in date order became a bitmap of every candidate,
 * each row read from the table, then sorted. `coalesce` changes nothing
 * else: a job without text matches neither way.
 *
 * It tests what the index of open jobs in date order carries: the start of
 * the text (`search_head`, migration 0021), and the job's row only for a job
 * whose text goes on past it (`search_long`) and whose start does not match.
 * The row is read through a query of its own, so that the walk still reads
 * nothing but the index for every other job: a scalar one, run for that job
 * alone (an EXISTS may be made into a hash of every job the word matches,
 * built in full the first time a long job is met).
 *
 * The text is looked for with `strpos`, not LIKE: on a lower-cased column
 * `like lower('%word%')` and `strpos(text, lower('word')) > 0` find the same
 * jobs (the pattern holds nothing but the word), and `strpos` skips through
 * the text where LIKE tries a match at every character. A walk to the
 * deepest page of a word one job in twenty holds (about 200,000 entries)
 * took 93 ms this way against 174 ms with LIKE (decision 39).
 */
export function jobTextContainsAsChosen(text: string): Expression<SqlBool> {
  const rest = sql<SqlBool>`(select ${holds(sql`whole.search_text`, text)}
    from jobs as whole where whole.id = jobs.id)`;
  return sql<SqlBool>`(${asChosen(holds(sql`jobs.search_head`, text))}
    or (jobs.search_long and ${asChosen(rest)}))`;
}

/**
 * The longest text, in UTF-8 bytes, looked for with LIKE rather than `strpos` (decision 75): a
 * Boyer–Moore–Horspool table skips at most the text's length, so a text this short gains nothing by it
 * and pays for the table and its steps at each job.
 */
const LIKE_MAX_BYTES = 3;

/**
 * PostgreSQL: lower-cased text holds the text, found with `strpos` (see jobTextContainsAsChosen); text of
 * LIKE_MAX_BYTES or fewer with LIKE, which finds the same (the pattern holds nothing but the text).
 */
const holds = (lowerCased: RawBuilder<unknown>, text: string) =>
  Buffer.byteLength(text) <= LIKE_MAX_BYTES
    ? sql<SqlBool>`${lowerCased} like ${lowerPattern(text)}`
    : sql<SqlBool>`strpos(${lowerCased}, lower(${text})) > 0`;

/**
 * A title or spa-name test written the same way (PostgreSQL), for a walk that reads the filters'
 * index alone: `coalesce` keeps the planner from intersecting it with the column's trigram index.
 * ILIKE lower-cases the column and the pattern and matches them as LIKE does, so `strpos` on the
 * lower-cased column finds the same jobs, sooner.
 */
export function containsTextAsChosen(column: string, text: string): Expression<SqlBool> {
  return asChosen(holds(sql`lower(${sql.ref(column)})`, text));
}

/** A test no index can serve, and whose estimate the planner does not multiply with others'. */
const asChosen = (test: Expression<SqlBool>) => sql<SqlBool>`coalesce(${test}, false)`;

/**
 * pg_trgm narrows a search to few candidates only through words of three or
 * more letters or digits; a shorter word ("x s", "pa a") yields trigrams that
 * most names hold, and its bitmap rechecks most of the table.
 */
export function trigramsServe(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.every((w) => charLength(w) >= MIN_INDEXED_CHARS && /^[\p{L}\p{M}\p{N}]+$/u.test(w));
}

/**
 * A spa's name holds the text, case-insensitive. On PostgreSQL it is tested on
 * the name kept lower-cased (`spas.name_search`, migration 0014), as ILIKE
 * would find it for the cost of a LIKE. `test` says how: `index`, the name's
 * trigram index may serve it; `row`, written so that no index can, and tested
 * on each spa the plan reads (decision 0027); `walk`, the same, estimated at
 * half the spas instead of a few, so that a page of a part the repository has
 * counted past a few hundred walks the rating order's index entries instead
 * of testing every name and sorting (decision 0038).
 */
export type SpaNameTest = 'index' | 'row' | 'walk';

export function spaNameContains(
  engine: Engine,
  text: string,
  test: SpaNameTest = 'row',
): Expression<SqlBool> {
  if (engine !== 'postgres') return containsText(engine, 'spas.name', text);
  const pattern = lowerPattern(text);
  if (test === 'index') return sql<SqlBool>`spas.name_search like ${pattern}`;
  // A walk tests with strpos, which skips through the name (see jobTextContainsAsChosen); a row's LIKE keeps the
  // planner's estimate of how few names hold the text.
  if (test === 'walk') return asChosen(holds(sql`spas.name_search || ''`, text));
  return sql<SqlBool>`(spas.name_search || '') like ${pattern}`;
}

/** Ids of jobs whose title (or title, description and spa name) hold the trigrams (SQLite). */
export function jobTextCandidates(
  trigrams: string[],
  columns: ('title' | 'description' | 'spa_name')[],
): RawBuilder<unknown> {
  return sql`select rowid as id from jobs_fts where jobs_fts match ${ftsQuery(trigrams, columns)}`;
}

/**
 * SQLite: an FTS5 query for the names that contain the text, as a phrase of
 * its trigrams one after another (spas_fts keeps their positions, migration
 * 0023). Quoted, so nothing typed is read as query syntax.
 */
export const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * Whether the phrase finds just what LIKE finds: the trigram index folds the
 * case of every letter, LIKE only of A–Z, so the two agree on text whose
 * letters are ASCII or have no case (Devanagari) and that an index can serve.
 */
export const phraseFindsAsLike = (text: string) => isIndexable(text) && caseAgrees(text);

/** Every letter of the text is ASCII or has no case, so SQLite's LIKE and its text indexes fold it alike. */
export const caseAgrees = (text: string) =>
  Array.from(text).every((c) => c <= '\x7f' || c.toLowerCase() === c.toUpperCase());

/** Ids of spas whose name holds the trigrams (SQLite). */
export function spaNameCandidates(trigrams: string[]): RawBuilder<unknown> {
  return sql`select rowid as id from spas_fts where spas_fts match ${ftsQuery(trigrams)}`;
}

/** Words as the word index (migrations 0016 and 0020) cuts them: letters, digits and combining marks, lower-cased. */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? [];
}

/**
 * An FTS5 query of the word index (SQLite) for jobs that hold each term's
 * words in the term's columns, every word whole, or the last word of a term
 * as the start of a word when `prefix` says so: jobs that contain every term,
 * though not every such job. Places (migration 0020) narrow it to jobs whose
 * city, state or category holds each of their words: a superset of the jobs
 * there, which the caller tests exactly. Null when a term has no word.
 */
export function jobWordsQuery(
  terms: { text: string; columns: ('title' | 'description' | 'spa_name')[] }[],
  prefix: boolean,
  places: { city?: string | undefined; state?: string | undefined; category?: string | undefined } = {},
): string | null {
  const quoted = (w: string) => `"${w.replace(/"/g, '""')}"`;
  const parts: string[] = [];
  for (const t of terms) {
    const words = wordTokens(t.text);
    if (!words.length) return null;
    const phrases = words.map((w, i) => `${quoted(w)}${prefix && i === words.length - 1 ? '*' : ''}`);
    parts.push(`({${t.columns.join(' ')}} : (${phrases.join(' AND ')}))`);
  }
  for (const column of ['city', 'state', 'category'] as const) {
    const words = wordTokens(places[column] ?? '');
    if (words.length) parts.push(`({${column}} : (${words.map(quoted).join(' AND ')}))`);
  }
  return parts.join(' AND ');
}
