import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { TOTAL_CAP } from '@spajobs/contract/common';
import type { Job, JobListQuery, JobSort, JobSummary } from '@spajobs/contract/job';
import { localPlanSettings, prepared, type Db, type Engine } from '../db/database.ts';
import { ReusableQuery } from '../db/reusable-query.ts';
import type { Database, JobPlaceCountTable, JobRow } from '../db/schema.ts';
import {
  caseAgrees,
  charLength,
  containsText,
  containsTextAsChosen,
  jobTextContains,
  jobTextContainsAsChosen,
  isIndexable,
  pgTrigramsIn,
  jobTextCandidates,
  jobWordsQuery,
  trigramsOf,
  keywordWords,
  wordTokens,
  signatureHolds,
  SIGNATURE_FILL,
  lowerPattern,
  likePattern,
} from '../db/text-search.ts';
import { markCommonJobWords, MAX_WORDS, wordsServe } from '../db/job-words.ts';
import { TtlCache } from '../lib/ttl-cache.ts';

const DAY = 86_400_000;
/** A job counts as new for a week after it is posted. */
const NEW_FOR_MS = 7 * DAY;
/** India is UTC+5:30 all year: a posted-date filter means midnight there. */
const IST_OFFSET = '+05:30';

/**
 * Open to applicants: active and not expired. `byId` is for jobs reached by
 * a key of their own (their id, a join on it, their spa): SQLite would
 * otherwise scan an index of open jobs (migration 0011) for each lookup
 * instead of using that key. There the time is compared as an expression, not a bare parameter: SQLite
 * (built with STAT4) plans a statement again at each run when a bound value compared to an indexed column
 * might change its plan, and for jobs reached by their key it cannot.
 */
export function activeJobFilter(eb: ExpressionBuilder<Database, 'jobs'>, now: number, byId = false) {
  // A literal 1, not a parameter, so that both engines use the indexes of open jobs (migration 0011).
  return eb.and([
    byId ? sql<SqlBool>`+jobs.is_active = 1` : sql<SqlBool>`jobs.is_active = 1`,
    eb.or([
      eb('jobs.expires_at', 'is', null),
      eb('jobs.expires_at', '>', byId ? sql<number>`cast(${now} as bigint)` : now),
    ]),
  ]);
}

export interface JobPageFacts {
  job: Job;
  /** The lowest monthly salary in rupees read from the salary text. */
  salaryMin: number | null;
  expiresAt: number | null;
  spa: {
    logo: string | null;
    website: string | null;
    streetAddress: string | null;
    city: string;
    state: string;
    pincode: string | null;
  };
}

type JobWithSpa = JobRow & { spa_name: string; spa_full_address: string; spa_verification?: string };

export function toJob(row: JobWithSpa, now = Date.now()): Job {
  const posted = Number(row.posted_at);
  return {
    _id: String(row.id),
    title: row.title,
    salary: row.salary,
    city: row.city,
    location: row.location,
    state: row.state,
    category: row.category,
    experience: row.experience,
    vacancies: Number(row.vacancies),
    isNewJob: now - posted < NEW_FOR_MS,
    gender: row.gender,
    postedOn: new Date(posted).toISOString(),
    spa: {
      _id: String(row.spa_id),
      name: row.spa_name,
      fullAddress: row.spa_full_address,
      verified: row.spa_verification === 'verified',
    },
    hrPhone: row.hr_phone,
    hrWhatsapp: row.hr_whatsapp,
    description: row.description,
    requirements: row.requirements,
    views: Number(row.views),
    status:
      Number(row.is_active) === 1 && (row.expires_at === null || Number(row.expires_at) > now)
        ? 'open'
        : 'closed',
  };
}

export type JobFilters = Omit<JobListQuery, 'page' | 'limit'>;

/** Spas near the place searched from, nearest first, with their distance in km. */
export interface NearSpas {
  distance: Map<number, number>;
}

/** The filters a search runs with: the query's, and the spas near the place when there is one. */
type SearchFilters = JobFilters & { spaIds?: number[] };

/**
 * An order other than newest first, with words to search, is applied to at
 * most this many of the newest matches (read through the search's plan).
 */
export const SORT_WINDOW = 5_000;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type JobsQuery = SelectQueryBuilder<Database, 'jobs', {}>;

/** A text condition of a search: the title, the spa's name, or one keyword word. */
interface TextTerm {
  kind: 'title' | 'spa' | 'word';
  text: string;
}

/**
 * How a search's jobs are read. A walk or a semijoin marked `many` is
 * expected to find more matches than the count's cap: the word index may show
 * it at less cost than counting them (see atLeastCap). A walk marked `whole`
 * is expected to find fewer: it passes every job of the filters. `walked`: how many of the filters'
 * jobs PostgreSQL's probe expects the walk to read (pgTextPlan).
 */
type Plan =
  | { kind: 'all'; quick?: QuickFilters }
  | {
      kind: 'walk';
      many?: boolean;
      quick?: 'paid';
      whole?: boolean;
      walked?: number;
      /**
       * PostgreSQL, in a place with a title (decision 78) or a pay floor (decision 54): the ids of the jobs
       * that the place's index leaves, read beforehand (idsFirst); only their rows are read.
       */
      ids?: number[];
    }
  /**
   * The newest `rows` jobs of the filters, each tested; in a state, from the entries of its `cities` that
   * carry their text (decision 92).
   */
  | { kind: 'window'; rows: number; byCities?: StateWindow }
  | { kind: 'index'; driver: TextTerm; trigrams: string[] }
  | { kind: 'semijoin'; driver: TextTerm; trigrams: string[]; many?: boolean };

/**
 * A state's window of newest jobs (decision 92): its cities, and the date and id of the newest `rows`-th
 * job of the filters.
 */
interface StateWindow {
  cities: string[];
  /** Where the window starts; none when the state has fewer jobs than the window, all of them in it. */
  edge?: { posted_at: number; id: number };
}

interface PlanStats {
  open: number;
  city: Map<string, number>;
  state: Map<string, number>;
  category: Map<string, number>;
  /** Open jobs by state, city and category, as counted. */
  rows: { state: string; city: string; category: string; n: number }[];
  /**
   * PostgreSQL: the words most jobs hold, with the share of jobs holding each, as ANALYZE
   * last sampled them (migration 0019): in the keyword text (`search`) and in the title; and
   * the commonest titles, lower-cased, with the share of jobs that have each (`titles`).
   */
  words: { search: WordShare[]; title: WordShare[]; titles: WordShare[] };
  /**
   * The lowest pay and the experience asked by the newest QUICK_SAMPLE open jobs (none asked: null), the
   * order a walk reads them in: the share of them that the quick filters keep. Each pair once, with how
   * many of them asked it (`jobs`): a few hundred pairs, where the sample's rows, read and kept one by
   * one, held the server's thread for tens of milliseconds each minute.
   */
  quick: {
    pay: (number | null)[];
    experience: (number | null)[];
    jobs: number[];
    /** How many jobs the sample holds. */
    sampled: number;
    /** The share kept, by pay and experience asked, as the searches made with these statistics asked it. */
    shares: Map<string, number>;
  };
}

/** A word, lower-cased, and the share of jobs that hold it. */
type WordShare = [word: string, share: number];

/** No word statistics: every search with words is counted. */
const NO_WORDS: PlanStats['words'] = { search: [], title: [], titles: [] };

/** Until the first count arrives: a board of a million open jobs, and typical shares for filters. */
const UNKNOWN_STATS: PlanStats = {
  open: 1_000_000,
  city: new Map(),
  state: new Map(),
  category: new Map(),
  rows: [],
  words: NO_WORDS,
  quick: { pay: [], experience: [], jobs: [], sampled: 0, shares: new Map() },
};

/** Open jobs, the newest, whose pay and experience give the quick filters' shares to the planner. */
const QUICK_SAMPLE = 20_000;

/** One word as the statistics' words are cut: letters, digits and marks only. */
const oneWord = (text: string) => /^[\p{L}\p{M}\p{N}]+$/u.test(text);

export interface JobPage {
  data: Job[];
  total: number;
  totalCapped: boolean;
}

/**
 * SQLite: a lowest pay held by fewer open jobs than this is listed from an index ordered by pay, those
 * jobs read and sorted, where a walk of the date order would pass over nearly every open job to find
 * them (decision 46).
 */
const QUICK_FEW_PAID = 20_000;

/** A one- or two-character search reads at most this many of the newest matching jobs. */
export const SHORT_TEXT_WINDOW = 10_000;
/**
 * Rows of the text index holding a trigram, counted up to this many once in a
 * while (planner statistics); a trigram held by more is simply common.
 */
const TRIGRAM_CAP = 200_000;
/**
 * A term whose candidates are fewer than this is read from the text index:
 * every candidate, then sorted. Counting them stops here, so the count costs
 * little more than reading them would.
 */
const FEW_CANDIDATES = 20_000;
/**
 * PostgreSQL cannot read a trigram index lazily (a bitmap of every candidate
 * is built first, then each row rechecked), so it never counts a common
 * word's candidates: it tests this many of the newest jobs of the filters
 * and takes the share that match as the word's.
 */
const PG_PROBE = 1_000;
/** A candidate of PostgreSQL's trigram index: its place in the bitmap, its row fetched and rechecked. */
const PG_CANDIDATE_COST = 10;
/**
 * A listing filtered only by city, state and category (or not at all) is
 * past the cap without counting when the summary counted at least this many
 * open jobs for it, at most SUMMARY_MAX_AGE_MS ago (planStats counts again
 * every minute): a fifth of them, 2,500 or more, would have to close within
 * that time for the count to fall to the cap (decision 71). The summary's
 * counts are exact as of their reading; the word statistics are estimates,
 * and keep a wider margin (WORDS_PAST_CAP).
 */
const SUMMARY_PAST_CAP = Math.ceil(1.25 * (TOTAL_CAP + 1));
/**
 * A search's words are past the cap by the word statistics when the share of
 * open jobs they give is at least this many: twice the cap's worth, for the
 * statistics are drawn from a sample (decisions 35 and 61).
 */
const WORDS_PAST_CAP = 2 * (TOTAL_CAP + 1);
const SUMMARY_MAX_AGE_MS = 2 * 60_000;
/**
 * SQLite's word statistics (decision 61): how many job ids are drawn for them, and how often they are
 * drawn again. A word is taken past the cap by them when its share of the open jobs is twice the cap's
 * worth (2 % of 1,000,000): about 200 of 10,000 jobs drawn, give or take 14. Drawn from 1,000,000 jobs
 * they are read and their words counted in about 0.3 s, on the upkeep's read thread.
 */
const WORD_SAMPLE = 10_000;
const WORD_SAMPLE_BLOCK = 100;
const WORD_SAMPLE_MS = 10 * 60_000;
/**
 * PostgreSQL, several keywords across the board read from the words' lists (decision 81), one of them with
 * entries: from this many entries, its entries and the rows of bits are walked together in date order (a
 * merge join, which passes about ten rows of bits, 0.1 µs each, for an entry of a word held by a tenth of
 * the jobs); below it, each entry's row of bits is looked up (about 2 µs).
 */
const BOARD_MERGE_FROM = 50_000;
/**
 * PostgreSQL, several keywords across the board: the least share of the newest jobs holding them all for
 * them to be read from the words' lists (decision 81). Words seldom together are found sooner by the
 * trigram index, whose candidates are then few, than by walking the rows of bits to the end (about 100 ms).
 */
const BOARD_TOGETHER_MIN = 0.01;
/**
 * The planner's thresholds, and a plan to force: tests use it to read the
 * same search every way and compare; the server never changes it.
 */
export const searchPlanning: {
  fewCandidates: number;
  /**
   * `paid`: the jobs that pay enough are read from an index ordered by pay, the words tested on their rows.
   * `titles` (PostgreSQL): a walk taken to pass every job of the filters, so that titles may be tested first.
   * `ordered` (PostgreSQL): a walk taken to stop at the cap after a short way, so that it is read in date
   * order with sorting disfavoured where it has a place or a category (decision 80).
   */
  force?: 'walk' | 'semijoin' | 'index' | 'paid' | 'titles' | 'ordered' | undefined;
  /** Whether a count goes past the cap is asked of the word index: when likely, always, or never. */
  wordProof: 'likely' | 'always' | 'never';
  /** Searches whose count the word index showed to pass the cap (read by tests). */
  proved: number;
  /** The fewest open jobs, as the last summary counted them, taken as past the cap without counting. */
  summaryPastCap: number;
  /** The fewest open jobs holding a search's words, by the word statistics, taken as past the cap. */
  wordsPastCap: number;
  /** Searches whose count the summary showed to pass the cap (read by tests). */
  fromSummary: number;
  /** Searches whose count the word statistics showed to pass the cap (read by tests). */
  fromWordStatistics: number;
  /** PostgreSQL walks that tested common words on each of the filters' jobs (read by tests). */
  filtersFirst: number;
  /** SQLite: about how many job ids are drawn, in blocks, for the sample of the jobs' words (decision 61). */
  wordSample: number;
  /** SQLite: how many open jobs the last sample of words read (read by tests). */
  sampledJobs: number;
  /** SQLite searches shown past the cap from the word index before their plan was weighed (read by tests). */
  provenFirst: number;
  /** How the last search with words was read (read by tests). */
  lastPlan?: Plan['kind'];
  /** SQLite: the fewest open jobs paying enough for a quick filter's listing to walk its index. */
  quickFewPaid: number;
  /** Whether a keyword across the board may be read from its words' lists (decision 64). */
  wordLists: boolean;
  /** One or two characters in a state looked for on its cities' entries that carry the text (decision 92). */
  stateWindows: boolean;
  /** SQLite: whether words in a state are tested on the entries of jobs_open_state_text (decision 93). */
  stateText: boolean;
  /** SQLite searches whose words were tested on the entries of jobs_open_state_text (read by tests). */
  fromStateText: number;
  /** How many of the newest jobs one or two characters are looked for among (SHORT_TEXT_WINDOW; set by tests). */
  shortWindow: number;
  /** Windows read from a state's cities' entries (read by tests). */
  fromStateWindows: number;
  /** Searches answered from the words' lists (read by tests). */
  fromWordLists: number;
  /** SQLite: whether several terms' candidates are the jobs holding all their trigrams (decision 72). */
  jointCandidates: boolean;
  /** SQLite searches whose terms' joint candidates were few (read by tests). */
  jointFew: number;
  /** SQLite searches planned with a common term counted only to its floor, the filters' walk being short (read by tests). */
  fromFloors: number;
  /** Whether a listing by no more than city, state and category is counted from job_place_counts (decision 73). */
  placeCounts: boolean;
  /** Listings counted from job_place_counts (read by tests). */
  fromPlaceCounts: number;
  /** PostgreSQL: whether a title with other words in a place may be tested on the place's index first (decision 78). */
  titlesFirst: boolean;
  /** PostgreSQL searches whose titles were tested on the place's index before any row was read (read by tests). */
  fromTitlesFirst: number;
  /**
   * PostgreSQL searches whose jobs were found on the place's index, titles first or by pay, and only their
   * rows read, as one bitmap (decision 91; read by tests).
   */
  fromIdsFirst: number;
  /**
   * PostgreSQL: whether a walk that stops at the cap in a place or category is read with sorting
   * disfavoured, so that the date order the plan chose is kept (decision 80).
   */
  walksInOrder: boolean;
  /** PostgreSQL walks read with sorting disfavoured (read by tests). */
  fromWalksInOrder: number;
  /**
   * PostgreSQL, several keywords across the board, one with entries: from how many entries they are merged
   * with the rows of bits rather than looked up on them (decision 81).
   */
  boardMergeFrom: number;
  /** How the last such search joined its keyword's entries and the rows of bits (read by tests). */
  lastBoardJoin?: 'merge' | 'lookup';
  /**
   * SQLite: how the last listing with pay or experience was read, or the last walk with words (`paid` from
   * an index ordered by pay; read by tests).
   */
  lastQuick?: QuickFilters;
  /**
   * Run between a keyword-in-a-state search's reading of the state's cities and its page (set by tests, to
   * change the places in between).
   */
  afterStatePlaces?: () => Promise<void>;
} = {
  fewCandidates: FEW_CANDIDATES,
  wordProof: 'likely',
  proved: 0,
  summaryPastCap: SUMMARY_PAST_CAP,
  wordsPastCap: WORDS_PAST_CAP,
  fromSummary: 0,
  fromWordStatistics: 0,
  filtersFirst: 0,
  provenFirst: 0,
  wordSample: WORD_SAMPLE,
  sampledJobs: 0,
  quickFewPaid: QUICK_FEW_PAID,
  wordLists: true,
  stateWindows: true,
  stateText: true,
  fromStateText: 0,
  shortWindow: SHORT_TEXT_WINDOW,
  fromStateWindows: 0,
  fromWordLists: 0,
  jointCandidates: true,
  jointFew: 0,
  fromFloors: 0,
  placeCounts: true,
  fromPlaceCounts: 0,
  titlesFirst: true,
  fromTitlesFirst: 0,
  fromIdsFirst: 0,
  walksInOrder: true,
  fromWalksInOrder: 0,
  boardMergeFrom: BOARD_MERGE_FROM,
};
/**
 * PostgreSQL: the most jobs a walk that stops at the cap may be expected to read (by the probe's share of
 * matches) for it to be read in date order with sorting disfavoured (decision 80): a longer walk, of a
 * word that fewer than a quarter of the filters' jobs hold, could lose to PostgreSQL's own choice of
 * reading the word's index with the filters' and sorting (`female` in Therapist, 73,000 expected: 209 ms
 * so, 308 walked).
 */
const IN_ORDER_WALK_MAX = 4 * TOTAL_CAP;

/**
 * A keyword in a state is read from the entries of the state's cities (decision 92) when it has no more
 * than this many; a state of more is left to the plans.
 */
const MAX_STATE_CITIES = 16;

/**
 * One keyword's ordered ranges of entries read and merged at most (a word's, or the rows of its common
 * words', in each city of a state); past this the search is left to the plans.
 */
const MAX_RANGES = 64;

/** The most cities of a state whose entries its window of newest jobs is read from (decision 92). */
const MAX_WINDOW_CITIES = 64;

/**
 * PostgreSQL: the largest share of a place's jobs that its index may leave, by their titles, pay and
 * experience, for those jobs' rows alone to be read (decision 78): each is found by its id, which costs
 * about as much as reading a row in the place's order, so a larger share would save little.
 */
const TITLES_FIRST_SHARE = 0.5;
/**
 * A listing's rows of job_place_counts that have passed their time (a job they count has expired since
 * they were counted, at most a minute ago) are each counted in the jobs' index; past this many, the
 * listing is counted as before (decision 73).
 */
const STALE_PLACES = 8;
/**
 * Rows of job_place_counts counted again in one statement (decision 73). SQLite writes on the main
 * thread: one row a statement (a place's jobs, a few thousand index entries), the scheduled run giving
 * way to requests between them.
 */
const RECOUNT_BATCH = 100;
const SQLITE_RECOUNT_BATCH = 1;

/** A row of job_place_counts as read. */
type Place = Selectable<JobPlaceCountTable>;
/** Open jobs by state, city and category. */
interface PlaceCount {
  state: string;
  city: string;
  category: string;
  n: number;
}
/** Whether a row's count is its place's open jobs at `now`: from its time to just before its first expiry. */
const placeHolds = (p: Place, now: number) =>
  Number(p.open_jobs_from) <= now && (p.open_jobs_until === null || Number(p.open_jobs_until) > now);
/**
 * Candidates of the word index tested at most when showing that a search
 * passes the cap: at about a microsecond each, a bound on what a proof that
 * fails can cost.
 */
const PROOF_CANDIDATES = 4 * TOTAL_CAP;
/**
 * What testing one of the filters' jobs costs on PostgreSQL, in entries of a
 * word's trigram bitmap: 2.8 µs against 0.3–0.5 µs, measured at 1,000,000
 * jobs (see wordsOutweighFilters).
 */
const TRIGRAM_PER_FILTER_ROW = 8;
/** How much cheaper a walk with a pay floor must look than reading the pay range to be chosen (SQLite). */
const PAY_WALK_DOUBT = 2;
/** The proof serves pages up to this deep; a deeper page's walk counts the cap's worth anyway. */
const PROOF_DEPTH = 1_000;
/** What testing one job costs on a walk: on an entry of a covering index, of the text index, or its row. */
interface WalkCosts {
  entry: number;
  textEntry: number;
  /**
   * SQLite: an entry of the index that carries a job's text, tested for a term's bits of the text signature
   * (decision 58); the entries that have them all are tested for the words as well, at textEntry each.
   */
  signedEntry?: number;
  row: number;
  /** An entry of an index that carries the text, passed over for its pay or experience. */
  skip: number;
}
/**
 * PostgreSQL's relative costs, measured at 1,000,000 jobs: testing an entry of a covering index (filters
 * and title, no row), an entry of the index that carries a job's text (read in order, no row), and a
 * job's row, read by its id.
 */
const PG_COST: WalkCosts = { entry: 0.3, textEntry: 1, row: 3, skip: 1 };
/**
 * PostgreSQL: a job that pays enough, read by its id from the index in pay order and tested for the words on
 * its row, in the walk's units (decision 54): at 1,000,000 jobs, warm, 114,652 such rows took 790–800 ms and
 * the walk past every open job that they replace 420–550 ms (an entry passed over is about 0.45 µs, a row
 * about 8).
 */
const PG_PAID_ROW = 18;
/**
 * SQLite's costs, in microseconds, measured at 1,000,000 jobs on a 2-core machine with the file in the
 * page cache (decision 24's addendum): an entry of a covering index tested for a title, and a candidate's
 * id looked up in a set on a walk; an entry of the index that carries a job's text, tested for a word; a
 * job's row read by its id and tested; a candidate of the trigram index read into a set; a match kept for
 * a sort into date order.
 */
const SQLITE_COST: WalkCosts & { probe: number; candidate: number; sorted: number } = {
  entry: 0.12,
  probe: 0.35,
  textEntry: 0.8,
  signedEntry: 0.2,
  row: 2.5,
  candidate: 0.25,
  skip: 0.2,
  sorted: 0.3,
};

/** The text index's columns that a term searches. */
const ftsColumns = (t: TextTerm): ('title' | 'description' | 'spa_name')[] =>
  t.kind === 'title' ? ['title'] : t.kind === 'spa' ? ['spa_name'] : ['title', 'description', 'spa_name'];

/** A trigram's counts, as kept by the planner: by the columns the term searches. */
const trigramKey = (t: TextTerm, trigram: string) => `${ftsColumns(t).join('+')}:${trigram}`;

const postedSince = (date: string) => Date.parse(`${date}T00:00:00${IST_OFFSET}`);

/**
 * SQLite, a listing without words filtered by pay or experience (decision 46): `walk`, its filters' index
 * is walked in date order with both tested on the entries; `paid`, the jobs that pay enough are read from
 * the range of an index ordered by pay (few of them, or best paid first, whose indexes carry the
 * experience: decision 50). A search with words reads few jobs that pay enough the same way (decision 49).
 */
type QuickFilters = 'walk' | 'paid';

/** The order a listing without words is read in: newest first, or best paid first (then newest). */
type ListOrder = 'newest' | 'salary';

/**
 * Filters that the planner's indexes of open jobs do not order by (pay, experience, a place's spas): no
 * summary or word statistic counts them.
 */
const rowFilters = (f: SearchFilters) => quickFiltered(f) || !!f.spaIds;

/**
 * The jobs page's quick filters, pay and experience: every index of open jobs in date order carries both
 * (the listing indexes since migration 0029, those that carry the text since migration 0030), so a walk
 * tests them on its entries.
 */
const quickFiltered = (f: SearchFilters) => !!f.salaryMin || f.experience !== undefined;
/** A city, a state or a category to search in: the index in pay order across the board carries none. */
const placed = (f: SearchFilters) => !!f.city || !!f.state || !!f.category;

/**
 * Where a search's open jobs are read from. SQLite, given a city, a state and a category together, chose
 * jobs_summary, whose first columns are all three: it read every such job's row for its date and sorted
 * them (58 ms for Hyderabad's therapists, 15,251 jobs, to count the first 10,001), where the city and
 * category index of open jobs gives them in date order from its entries alone (2 ms). That index is named
 * then. A city without a category names one of its two indexes (decision 44): with words tested on each
 * job (`text`), the one that carries every text they are tested on; otherwise the narrow one, which
 * SQLite would otherwise leave for the wider (a deep page of Pune's jobs: 1.2 against 2.8 ms). Words tested
 * on all open jobs, or on a state's, name the index that carries their text (`text` without a city; a
 * state's since decision 93). Otherwise the planner's choice stands. Best paid first in a city, or in a category without a city (`order`), names the
 * index in that order (decision 45). Not for the jobs of a place's spas, nor for a test of `is_active`
 * that no partial index can serve (`byId`). Pay or experience (the quick filters) walk the filters'
 * listing index, which carries both (decision 46), or, with words tested on the entries, the index that
 * carries the text, which carries both too (decision 49); or read the jobs that pay enough from an index
 * ordered by pay (`quick`), which SQLite would otherwise leave for a walk past every open job.
 */
export function filtersSource(
  db: Kysely<Database>,
  engine: Engine,
  f: SearchFilters,
  byId = false,
  text = false,
  order: ListOrder = 'newest',
  quick?: QuickFilters,
): JobsQuery {
  const named = (index: string) =>
    db.selectFrom(sql`jobs indexed by ${sql.raw(index)}` as unknown as 'jobs') as JobsQuery;
  if (engine !== 'sqlite' || byId || f.spaIds) return db.selectFrom('jobs');
  // Words tested on the entries of the index that carries all the text: all open jobs', a city's, or a
  // state's (decision 93); with a pay floor across the board, the jobs that pay enough from the one in pay
  // order (decision 59).
  if (text && quick === 'paid' && !placed(f)) return named('jobs_open_salary_text');
  if (text)
    return named(f.city ? 'jobs_open_city_text' : f.state ? 'jobs_open_state_text' : 'jobs_open_text');
  if (quickFiltered(f)) {
    if (quick === 'paid')
      return named(
        f.city ? 'jobs_open_city_salary' : f.category ? 'jobs_open_category_salary' : 'jobs_salary',
      );
    const place = f.city ? 'city' : f.state ? 'state' : undefined;
    return named(
      place
        ? `jobs_open_${place}${f.category ? '_category' : ''}`
        : f.category
          ? 'jobs_open_category'
          : 'jobs_open_posted',
    );
  }
  if (!f.city)
    return order === 'salary' && f.category ? named('jobs_open_category_salary') : db.selectFrom('jobs');
  if (f.category) return f.state ? named('jobs_open_city_category') : db.selectFrom('jobs');
  if (order === 'salary') return named('jobs_open_city_salary');
  return named('jobs_open_city');
}

/** A search whose every test an index of open jobs answers from its entries: titles, and no row filter. */
const titlesOnly = (f: SearchFilters, terms: TextTerm[]) =>
  !f.spaIds && terms.every((t) => t.kind === 'title');

/** Jobs whose counted views one statement writes (see writeViews). */
const VIEW_SLICE = 50;

/**
 * A row of job_place_counts (aliased `p`) that holds now with an open job: one whose count is not zero, or
 * whose count holds only between two times and not now (decision 73).
 */
const placePresent = (p: string, now: number) =>
  sql<SqlBool>`(${sql.ref(`${p}.open_jobs`)} > 0 or ${sql.ref(`${p}.open_jobs_from`)} > ${now}
    or ${sql.ref(`${p}.open_jobs_until`)} <= ${now})`;

/** What a job shows of its spa, beside the job's own columns. */
const SPA_OF_JOB = [
  'spas.name as spa_name',
  'spas.full_address as spa_full_address',
  'spas.verification as spa_verification',
] as const;
/** The same, written out for statements built as SQL. */
const SPA_COLUMNS = SPA_OF_JOB.map((c) => {
  const [column, alias] = c.split(' as ');
  return sql`${sql.ref(column!)} as ${sql.id(alias!)}`;
});

/** The first TOTAL_CAP + 1 jobs of a plan in date order, ids and dates: the window a count and its pages come from. */
const firstOfPlan = (q: JobsQuery) =>
  q
    .select(['jobs.id', 'jobs.posted_at'])
    .orderBy('jobs.posted_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(TOTAL_CAP + 1);

/** A text term's rarest trigrams and about how many jobs hold them (see `rarest`). */
interface RarestTrigrams {
  t: TextTerm;
  trigrams: string[];
  n: number;
  few: boolean;
  /** `n` is only a floor (FEW_CANDIDATES): the term's trigrams were not counted further (`rarest`). */
  atLeast?: boolean;
}

export class JobRepository {
  constructor(private readonly d: Db) {}

  /** A job and its spa by the job's id, where and how every job page reads it (a point read). */
  private readonly jobWithSpa = () =>
    this.db
      .selectFrom('jobs')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .selectAll('jobs')
      .select(SPA_OF_JOB);

  /** One job and its spa's name: built once (see ReusableQuery). */
  private readonly byIdQuery = new ReusableQuery(
    (id: number) => this.jobWithSpa().where('jobs.id', '=', id).$castTo<JobWithSpa>(),
    [1],
  );

  /** One job with what its page says of its spa (findForPage), built once as well. */
  private readonly pageQuery = new ReusableQuery(
    (id: number) =>
      this.jobWithSpa()
        .select([
          'spas.logo as spa_logo',
          'spas.website as spa_website',
          'spas.address_line as spa_address_line',
          'spas.city as spa_city',
          'spas.state as spa_state',
          'spas.pincode as spa_pincode',
        ])
        .where('jobs.id', '=', id)
        .$castTo<
          JobWithSpa & {
            spa_logo: string | null;
            spa_website: string | null;
            spa_address_line: string | null;
            spa_city: string;
            spa_state: string;
            spa_pincode: string | null;
          }
        >(),
    [1],
  );

  /** Public reads go to the replica when there is one (DATABASE_READ_URL). */
  private get db(): Kysely<Database> {
    return this.d.read;
  }

  /** Writes, and reads that must see them, go to the primary. */
  private get primary(): Kysely<Database> {
    return this.d.db;
  }

  private textTerms(f: JobFilters): TextTerm[] {
    const terms: TextTerm[] = [];
    if (f.title) terms.push({ kind: 'title', text: f.title });
    if (f.spa) terms.push({ kind: 'spa', text: f.spa });
    if (f.q) for (const text of keywordWords(f.q)) terms.push({ kind: 'word', text });
    return terms;
  }

  /**
   * The exact test of one text term on a job row. On a walk (`walk`), PostgreSQL's keyword test is
   * written so that its planner keeps the walk that pgTextPlan chose.
   */
  private termMatches(eb: ExpressionBuilder<Database, 'jobs'>, t: TextTerm, walk = false) {
    const { engine } = this.d;
    // Each job keeps its spa's name (migrations 0004 and 0011).
    const column = t.kind === 'title' ? 'jobs.title' : t.kind === 'spa' ? 'jobs.spa_name' : undefined;
    if (column)
      return walk && engine === 'postgres'
        ? containsTextAsChosen(column, t.text)
        : containsText(engine, column, t.text);
    if (engine === 'postgres') return walk ? jobTextContainsAsChosen(t.text) : jobTextContains(t.text);
    // The shorter texts first: most jobs that match are found before the description is read.
    return eb.or([
      containsText(engine, 'jobs.title', t.text),
      containsText(engine, 'jobs.spa_name', t.text),
      containsText(engine, 'jobs.description', t.text),
    ]);
  }

  /**
   * Open jobs matching the filters other than text, on the jobs table alone, or on `from` (jobs joined by
   * their ids, unless `byId` says otherwise: see activeJobFilter).
   */
  private base(
    f: SearchFilters,
    now: number,
    from?: JobsQuery,
    byId = !!from,
    text = false,
    order: ListOrder = 'newest',
    quick?: QuickFilters,
  ): JobsQuery {
    return (from ?? filtersSource(this.db, this.d.engine, f, byId, text, order, quick)).where((eb) =>
      eb.and(this.filterConditions(eb, f, now, byId)),
    );
  }

  /** The conditions of the filters other than text, on a job (see activeJobFilter for `byId`). */
  private filterConditions(
    eb: ExpressionBuilder<Database, 'jobs'>,
    f: SearchFilters,
    now: number,
    byId: boolean,
  ): Expression<SqlBool>[] {
    const c = [activeJobFilter(eb, now, byId)];
    if (f.category) c.push(eb('jobs.category', '=', f.category));
    if (f.state) c.push(eb('jobs.state', '=', f.state));
    if (f.city) c.push(eb('jobs.city', '=', f.city));
    if (f.postedDate) c.push(eb('jobs.posted_at', '>=', postedSince(f.postedDate)));
    if (f.salaryMin) c.push(eb('jobs.salary_min', '>=', f.salaryMin));
    // A job that does not say how much experience it wants is open to everyone.
    if (f.experience !== undefined)
      c.push(eb.or([eb('jobs.experience_min', 'is', null), eb('jobs.experience_min', '<=', f.experience)]));
    // Near a place: the jobs of the spas found near it (read through jobs_spa_active).
    if (f.spaIds) c.push(eb('jobs.spa_id', 'in', f.spaIds.length ? f.spaIds : [-1]));
    return c;
  }

  /**
   * SQLite: ids of jobs that may match a text term, from the text index: the
   * jobs holding the chosen trigrams (a superset, checked row by row later).
   * PostgreSQL tests the terms themselves, which its trigram indexes serve.
   */
  private candidates(t: TextTerm, trigrams: string[]) {
    return jobTextCandidates(trigrams, ftsColumns(t));
  }

  /** SQLite: how many jobs hold all these trigrams of a term's columns, counted up to `limit`. */
  private async candidateCount(t: TextTerm, trigrams: string[], limit: number): Promise<number> {
    const r = await sql<{
      n: number;
    }>`select count(*) as n from (${this.candidates(t, trigrams)} limit ${limit}) as c`.execute(this.db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * How many rows of the text index hold a trigram, counted up to
   * TRIGRAM_CAP: planner statistics, kept for a few minutes and refreshed in
   * the background.
   */
  private trigramStats = new TtlCache(5 * 60_000, 60 * 60_000, 20_000);

  /**
   * How many rows of the text index hold a trigram, counted up to `few` only (FEW_CANDIDATES): enough to
   * tell a trigram that bounds a term's candidates from a common one. A count to TRIGRAM_CAP of a trigram
   * most jobs hold reads ten times as many rows (`wellness`: six trigrams, 194 ms to TRIGRAM_CAP at
   * 1,000,000 jobs). A count kept by trigramCount answers without a statement. Kept for a few minutes, as
   * those are.
   */
  private trigramFloors = new TtlCache(5 * 60_000, 60 * 60_000, 20_000);

  private async trigramFloor(t: TextTerm, trigram: string, few: number): Promise<number> {
    const columns = ftsColumns(t);
    const key = trigramKey(t, trigram);
    const known = this.trigramStats.peek<number>(key);
    if (known !== undefined) return Math.min(known, few);
    return this.trigramFloors.get(`${few}:${key}`, (refreshing) =>
      this.trigramRows(columns, trigram, few, refreshing),
    );
  }

  private trigramCount(t: TextTerm, trigram: string): Promise<number> {
    const columns = ftsColumns(t);
    return this.trigramStats.get(trigramKey(t, trigram), (refreshing) =>
      this.trigramRows(columns, trigram, TRIGRAM_CAP, refreshing),
    );
  }

  /** Rows of the text index holding a trigram in these columns, counted up to `limit`. */
  private async trigramRows(
    columns: ('title' | 'description' | 'spa_name')[],
    trigram: string,
    limit: number,
    refreshing: boolean,
  ): Promise<number> {
    const c = jobTextCandidates([trigram], columns);
    // A refresh, which no search waits for, counts on the upkeep reader.
    const r = await sql<{ n: number }>`select count(*) as n from (${c} limit ${limit}) as c`.execute(
      refreshing ? this.d.background : this.db,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * The term's rarest trigrams (up to four) and about how many jobs may
   * match it: `few` when the index holds fewer than FEW_CANDIDATES
   * candidates (then `n` is their exact number), otherwise `n` is the
   * rarest trigram's count, an upper bound.
   */
  private async rarest(t: TextTerm, bounded = false): Promise<RarestTrigrams> {
    const few = searchPlanning.fewCandidates;
    const grams = trigramsOf(t.text);
    // Each trigram first counted up to `few`: one held by fewer rows bounds the candidates, and counts past
    // `few` are not needed (the candidates are read from the rarest trigrams, commoner ones in any order).
    const floors = await Promise.all(grams.map(async (g) => ({ g, n: await this.trigramFloor(t, g, few) })));
    floors.sort((a, b) => a.n - b.n);
    const rarest = floors[0]?.n ?? 0;
    if (rarest < few) {
      // The rarest trigram alone bounds the candidates: no need to count them.
      return { t, trigrams: floors.slice(0, 4).map((c) => c.g), n: rarest, few: true };
    }
    if (bounded && grams.some((g) => this.trigramStats.peek(trigramKey(t, g)) === undefined)) {
      // A walk of the filters' jobs costs less than any `few` candidates (`textPlan`): whether the term's
      // trigrams are few together is still asked (a misspelt word), but its share is not counted further
      // (decision 74). Counts already kept are used as before.
      const trigrams = floors.slice(0, 4).map((c) => c.g);
      const n = await this.candidateCount(t, trigrams, few);
      if (n < few) return { t, trigrams, n, few: true };
      searchPlanning.fromFloors++;
      return { t, trigrams, n: few, few: false, atLeast: true };
    }
    // Every trigram is common: each counted up to TRIGRAM_CAP, for the share of the jobs the term may match.
    const counted = await Promise.all(grams.map(async (g) => ({ g, n: await this.trigramCount(t, g) })));
    counted.sort((a, b) => a.n - b.n);
    const trigrams = counted.slice(0, 4).map((c) => c.g);
    const least = counted[0]?.n ?? 0;
    // Each trigram is common; together they may not be (a misspelt word): count, up to the cap.
    const n = await this.candidateCount(t, trigrams, few);
    return n < few ? { t, trigrams, n, few: true } : { t, trigrams, n: least, few: false };
  }

  /**
   * The jobs a plan reads, before ordering and paging. `order` is the order the caller reads a listing
   * without words in, for the index it is read from (`filtersSource`).
   */
  private planned(
    f: SearchFilters,
    terms: TextTerm[],
    plan: Plan,
    now: number,
    order: ListOrder = 'newest',
  ): JobsQuery {
    // On an index that carries the text signatures (`signed`, SQLite's only), every term's bits are tested
    // before any term's LIKEs: a job without them all is left untested.
    const matchAll = (q: JobsQuery, walk = false, signed = false) =>
      terms.length
        ? q.where((eb) =>
            eb.and([
              ...(signed ? terms.flatMap((t) => signatureHolds(t.text) ?? []) : []),
              ...terms.map((t) => this.termMatches(eb, t, walk)),
            ]),
          )
        : q;
    // Every filter and word tested as PostgreSQL reads the jobs (of `from`, when given), which are then put
    // in date order.
    const testedInOneReading = (from?: JobsQuery) =>
      this.db.selectFrom(
        matchAll(this.base(f, now, from), true)
          .select(['jobs.id', 'jobs.posted_at'])
          .offset(0)
          .as('jobs'),
      ) as unknown as JobsQuery;
    if (plan.kind === 'walk' && plan.ids) {
      // PostgreSQL, in a place with a title or a pay floor: the ids of the jobs that the place's index leaves
      // were read from it (idsFirst). Only their rows are read, as one bitmap in the table's order behind
      // OFFSET 0, which PostgreSQL prefetches (effective_io_concurrency, decision 91); every filter and
      // word is tested again on each row. Every filter at once in Mumbai (4,884 rows) took 500 ms with
      // the rows read one by one from a disk, and 150 ms as one bitmap.
      const rows = this.db
        .selectFrom('jobs')
        .selectAll()
        .where(sql<SqlBool>`jobs.id = any(${plan.ids}::int[])`)
        .offset(0);
      return testedInOneReading(this.db.selectFrom(rows.as('jobs')) as unknown as JobsQuery);
    }
    if (
      f.spaIds &&
      order === 'newest' &&
      this.d.engine === 'postgres' &&
      (plan.kind === 'all' || plan.kind === 'walk')
    ) {
      // Near a place, newest first or nearest first: the jobs of its nearest spas (at most a couple of
      // thousand spas), read through jobs_spa_active, any words tested on each of them, then put in date
      // order. OFFSET 0 keeps PostgreSQL from walking every open job in date order to meet a LIMIT,
      // reading each one's row for its spa: nearest first around Delhi (the newest 5,000 of 19,333 jobs)
      // took 950 ms warm and 2.5 s cold that way, 25 ms this way; `thai` within 50 km of Delhi 250–340
      // against 27 ms (decision 47). Best paid first keeps PostgreSQL's own plan.
      return testedInOneReading();
    }
    if (plan.kind === 'walk' && plan.quick === 'paid' && this.d.engine === 'postgres') {
      // Across the board: the open jobs that pay enough, from the index in pay order, which carries their
      // experience and the texts a walk tests: the words are tested on its entries, no row read (an
      // index-only scan; decision 56). OFFSET 0 keeps PostgreSQL from walking the date order to meet a LIMIT.
      if (!placed(f)) return testedInOneReading();
      // In a city, a state or a category: the ids of its open jobs that pay enough and ask no more
      // experience, from an index in pay order that carries both (an index-only scan behind OFFSET 0),
      // then each one's row, the words tested on it; OFFSET 0 again keeps PostgreSQL from walking the
      // date order to meet a LIMIT (decision 54).
      const paying = this.base(f, now).select('jobs.id').offset(0);
      return testedInOneReading(
        this.db
          .selectFrom(paying.as('paying'))
          .innerJoin('jobs', 'jobs.id', 'paying.id') as unknown as JobsQuery,
      );
    }
    if (plan.kind === 'index' && this.d.engine === 'postgres') {
      // The candidates are exact matches of the terms, every one tested as a condition of its own, so that
      // the trigram indexes find the jobs holding all the words together (one bitmap), not those of the
      // driving term alone, each then read from the table (`receptionist pune`: 2,289 jobs, 28 against
      // 292 ms; decision 48). OFFSET 0 keeps PostgreSQL from walking the date order to meet a LIMIT: it
      // reads the few candidates first.
      const matched = this.base(f, now).where((eb) => eb.and(terms.map((t) => this.termMatches(eb, t))));
      return this.db.selectFrom(
        matched.select(['jobs.id', 'jobs.posted_at']).offset(0).as('jobs'),
      ) as unknown as JobsQuery;
    }
    if (plan.kind === 'index') {
      // Candidates first: SQLite keeps the order that a CROSS JOIN names.
      const from = this.db
        .selectFrom(sql<{ id: number }>`(${this.candidates(plan.driver, plan.trigrams)})`.as('c'))
        .crossJoin('jobs')
        .whereRef('jobs.id', '=', 'c.id') as unknown as JobsQuery;
      return matchAll(this.base(f, now, from));
    }
    if (plan.kind === 'semijoin') {
      // Walk the filters' index in date order, keeping the jobs among the driving term's
      // candidates (a set built once) before reading any row. The unary + keeps SQLite
      // from driving the query by the candidates instead. Without a filter SQLite would walk
      // jobs_open_text, which carries every column the test reads but is six times as wide: the
      // narrow date index is walked instead, and only the candidates' rows are read.
      const from = this.walksTextIndex(f)
        ? (this.db.selectFrom(sql`jobs indexed by jobs_open_posted` as unknown as 'jobs') as JobsQuery)
        : undefined;
      return matchAll(
        this.base(f, now, from, false).where(
          sql<SqlBool>`+jobs.id in (${this.candidates(plan.driver, plan.trigrams)})`,
        ),
      );
    }
    if (plan.kind === 'window') {
      // Only the newest jobs of the other filters are tested, never all of them, with the text
      // read beside them: titles alone from the filters' covering index, any text from
      // jobs_open_text (PostgreSQL: jobs_open_search, whose text is tested as on a walk: the start it
      // carries, and the row of a job whose text goes on), without reading the jobs' rows.
      const titles = terms.every((t) => t.kind === 'title');
      const pg = this.d.engine === 'postgres';
      const text = pg
        ? [sql<string>`jobs.search_head`.as('search_head'), sql<boolean>`jobs.search_long`.as('search_long')]
        : [sql<string>`jobs.description`.as('description')];
      const columns = titles
        ? (['jobs.id', 'jobs.posted_at', 'jobs.title'] as const)
        : (['jobs.id', 'jobs.posted_at', 'jobs.title', 'jobs.spa_name'] as const);
      let window;
      if (plan.byCities) {
        // In a state (decision 92): the jobs from the newest `rows`-th of the filters on (by date and id),
        // read from the entries of the state's cities in the index that carries the text and the state
        // (SQLite: jobs_open_city_text; PostgreSQL: jobs_open_city_search), the filters tested on them;
        // not each of those jobs' rows.
        const { cities, edge } = plan.byCities;
        searchPlanning.fromStateWindows++;
        const from = pg
          ? this.db.selectFrom('jobs')
          : (this.db.selectFrom(sql`jobs indexed by jobs_open_city_text` as unknown as 'jobs') as JobsQuery);
        const inCities = this.base(f, now, from, false).where('jobs.city', 'in', cities);
        window = (
          edge
            ? inCities.where(sql<SqlBool>`(jobs.posted_at, jobs.id) >= (${edge.posted_at}, ${edge.id})`)
            : inCities
        ).select([...columns, ...(titles ? [] : text)]);
      } else {
        const onEntries = this.testsTextOnEntries(f, terms);
        if (onEntries && this.walksStateText(f)) searchPlanning.fromStateText++;
        window = this.base(f, now, undefined, false, onEntries)
          .select([...columns, ...(titles ? [] : text)])
          .orderBy('jobs.posted_at', 'desc')
          .orderBy('jobs.id', 'desc')
          .limit(plan.rows);
      }
      return matchAll(this.db.selectFrom(window.as('jobs')) as unknown as JobsQuery, pg);
    }
    const paid = plan.kind === 'walk' && plan.quick === 'paid';
    const asChosen =
      plan.kind === 'walk' && (this.wordsOutweighFilters(f, terms) || this.walksTextEntries(f));
    // PostgreSQL: a walk kept as chosen tests the lowest pay on its entries (migration 0030) in a form that
    // no index serves, unless few jobs pay enough; otherwise it read every job paying enough from
    // jobs_salary, row by row, and sorted them: `therapist` from ₹30,000 a month (114,652 jobs pay that),
    // 613 against 118 ms (decision 49). Few jobs paying enough (by the newest jobs' pay), PostgreSQL reads
    // them from jobs_salary itself.
    const stats = this.planStats();
    const pgWalk =
      asChosen &&
      this.d.engine === 'postgres' &&
      !!f.salaryMin &&
      this.quickShare({ salaryMin: f.salaryMin }, stats) * stats.open >= QUICK_FEW_PAID;
    // A walk of all open jobs in date order (jobs_open_search on PostgreSQL), or of a city's
    // (jobs_open_city_search), is kept as chosen. With another filter, PostgreSQL's own choice stands: it
    // often reads the filter's and the word's indexes together. Words far commoner than the filters' jobs
    // are tested on each of those jobs, not intersected.
    // SQLite: the words are tested on the entries of an index that carries the texts and their signatures.
    const onEntries = (!paid || this.paysOnText(f)) && this.testsTextOnEntries(f, terms);
    if (onEntries && this.walksStateText(f)) searchPlanning.fromStateText++;
    const walked = this.base(
      pgWalk ? { ...f, salaryMin: undefined } : f,
      now,
      undefined,
      false,
      onEntries,
      plan.kind === 'all' ? order : 'newest',
      plan.kind === 'all' || plan.kind === 'walk' ? plan.quick : undefined,
    );
    return matchAll(
      pgWalk ? walked.where(sql<SqlBool>`jobs.salary_min + 0 >= ${f.salaryMin}`) : walked,
      asChosen,
      onEntries,
    );
  }

  private pageIds(q: JobsQuery, offset: number, limit: number) {
    return q
      .select('jobs.id')
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  /**
   * SQLite: a page of a plan, newest first, read with its jobs' rows and spas in the same statement (the
   * page's ids as a subquery, then each row by its id), so that a listing makes one trip to a read thread
   * instead of two (decision 52). PostgreSQL plans such a join at length: there the ids are read first.
   */
  private async pageJobs(q: JobsQuery, offset: number, limit: number, now: number): Promise<Job[]> {
    if (this.d.engine === 'postgres') return this.byIds(await this.pageIds(q, offset, limit), now);
    const page = q
      .select(['jobs.id as page_id', 'jobs.posted_at as page_at'])
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(limit)
      .offset(offset);
    const rows = await sql<JobWithSpa>`select jobs.*, ${sql.join(SPA_COLUMNS)}
      from (${page}) as p cross join jobs on jobs.id = p.page_id join spas on spas.id = jobs.spa_id
      order by p.page_at desc, p.page_id desc`.execute(this.db);
    return rows.rows.map((r) => toJob(r, now));
  }

  private async cappedCount(q: JobsQuery): Promise<number> {
    const r = await this.db
      .selectFrom(
        q
          .select(sql<number>`1`.as('one'))
          .limit(TOTAL_CAP + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * The first TOTAL_CAP + 1 jobs of a plan in date order, read once
   * (materialised): how many there are, and the page's ids among them. The
   * result window is never deeper than TOTAL_CAP, so every reachable page is
   * there.
   */
  private async firstMatches(
    q: JobsQuery,
    offset: number,
    limit: number,
    inOrder = false,
  ): Promise<{ ids: number[]; n: number }> {
    const first = firstOfPlan(q);
    const r = sql<{ id: number | null; posted_at: number | null; n: number | null }>`
      with m as materialized ${first}
      select null as id, null as posted_at, count(*) as n from m
      union all
      select p.id, p.posted_at, null as n from (
        select m.id, m.posted_at from m order by m.posted_at desc, m.id desc limit ${limit} offset ${offset}
      ) as p`;
    // PostgreSQL, a walk that stops at the cap (decision 80): with sorting disfavoured for this statement
    // alone, PostgreSQL walks the date order the plan chose and stops there, instead of reading every job
    // of the place or category and sorting them, which it prefers when it takes the words for rare.
    const res = inOrder
      ? await this.db.transaction().execute(async (trx) => {
          await localPlanSettings(trx, { enable_sort: 'off' });
          return r.execute(trx);
        })
      : await r.execute(this.db);
    let n = 0;
    const page: { id: number; at: number }[] = [];
    for (const row of res.rows) {
      if (row.n !== null) n = Number(row.n);
      else page.push({ id: Number(row.id), at: Number(row.posted_at) });
    }
    page.sort((a, b) => b.at - a.at || b.id - a.id);
    return { ids: page.map((p) => p.id), n };
  }

  /**
   * The first TOTAL_CAP + 1 jobs of a plan, as firstMatches reads them, with the page's rows and spas in
   * the same statement on SQLite (decision 52): each row carries the count, and a page past the last is
   * one row with the count alone.
   */
  private async firstMatchJobs(
    q: JobsQuery,
    offset: number,
    limit: number,
    now: number,
    inOrder = false,
  ): Promise<{ jobs: Job[]; n: number }> {
    if (this.d.engine === 'postgres') {
      const { ids, n } = await this.firstMatches(q, offset, limit, inOrder);
      return { jobs: await this.byIds(ids, now), n };
    }
    const first = firstOfPlan(q);
    const r = await sql<JobWithSpa & { matched: number }>`
      with m as materialized ${first},
      p as (select m.id, m.posted_at from m order by m.posted_at desc, m.id desc limit ${limit} offset ${offset})
      select c.matched, jobs.*, ${sql.join(SPA_COLUMNS)}
      from (select count(*) as matched from m) as c
      left join p on 1 left join jobs on jobs.id = p.id left join spas on spas.id = jobs.spa_id
      order by p.posted_at desc, p.id desc`.execute(this.db);
    return {
      jobs: r.rows.flatMap((row) => (row.id === null ? [] : [toJob(row, now)])),
      n: Number(r.rows[0]?.matched ?? 0),
    };
  }

  /**
   * The cheapest plan for a search with words (decision 0021): a rare term
   * is read from the text index (every candidate, then sorted); a common one
   * by walking the newest open jobs of the filters in order and testing each,
   * until TOTAL_CAP + 1 match — testing only index entries when the test
   * needs no more than the title, and keeping only the term's candidates
   * before reading a row when the filters leave many jobs for few matches.
   */
  private async textPlan(
    f: SearchFilters,
    terms: TextTerm[],
    indexed: TextTerm[],
    now: number,
  ): Promise<Plan | 'none'> {
    if (this.d.engine === 'postgres') return this.pgTextPlan(f, terms, indexed, now);
    const stats = this.planStats();
    const open = Math.max(1, stats.open);
    const inFilter = Math.max(1, this.filterShare(f, stats) * open);
    const c = SQLITE_COST;
    // Filters that leave so few jobs that walking them all costs less than reading `few` candidates with
    // their rows: a term whose trigrams are all common then needs no count past `few` (decision 74).
    const bounded =
      !searchPlanning.force &&
      this.walkCost(f, terms, inFilter, c, stats) < searchPlanning.fewCandidates * (c.candidate + c.row);
    const counted = await Promise.all(indexed.map((t) => this.rarest(t, bounded)));
    const best = await this.jointCandidates(
      counted.reduce((a, b) => (b.n < a.n ? b : a)),
      counted,
    );
    const index: Plan = { kind: 'index', driver: best.t, trigrams: best.trigrams };
    // The trigram counts may be minutes old, so even "none" is asked of the index itself (cheap).
    if (searchPlanning.force === 'paid') return { kind: 'walk', quick: 'paid' };
    if ((best.few && searchPlanning.force) || searchPlanning.force === 'index') return index;
    if (searchPlanning.force === 'walk') return { kind: 'walk' };
    if (searchPlanning.force === 'semijoin')
      return { kind: 'semijoin', driver: best.t, trigrams: best.trigrams };
    // Counts that are only floors: the candidates are at least `few`, so neither the index nor the semijoin
    // can cost less than the walk of the filters' jobs (`bounded`).
    const atLeast = !best.few && counted.some((r) => r.atLeast);
    // Rows walked to find the cap's worth of matches, taking the term's candidates as matches
    // spread evenly over the open jobs. A job must hold every word: with several, their shares are
    // multiplied, as if the words came independently (decision 48).
    const share = Math.min(1, best.n / open);
    const together = counted.reduce((p, r) => p * Math.min(1, r.n / open), 1);
    const walked = Math.min(inFilter, (TOTAL_CAP + 1) / together);
    // The share of the entries that pass the terms' text signatures, tested for the words as well: about
    // the share of jobs holding the signed terms' trigrams.
    const signedPass = counted.reduce(
      (p, r) => p * Math.min(1, r.n / open + SIGNATURE_FILL ** (charLength(r.t.text) - 2)),
      1,
    );
    const walkCost = this.walkCost(f, terms, walked, c, stats, signedPass);
    // A candidate met on the walk is tested on the index entry for titles, on its row otherwise. A term
    // whose rarest trigram reached the count's cap has at least that many candidates, and a set of them
    // all costs more than testing the filters' jobs.
    const semijoinCost =
      best.n >= TRIGRAM_CAP || atLeast
        ? Infinity
        : best.n * c.candidate +
          walked * c.probe +
          walked * share * (titlesOnly(f, terms) ? c.entry : c.row) +
          // Entries the quick filters leave out, passed over on the narrow date index.
          walked * (1 / this.quickShare(f, stats) - 1) * c.entry;
    // Few candidates: every one read with its row, then sorted (with filters that keep few jobs, keeping
    // only the candidates among those jobs may cost less). With several words, the rarest one's
    // candidates, at most its rarest trigram's count, may be fewer than the jobs a walk would pass to
    // find them all together ("spa manager mumbai": 7,566 matches, every open job walked).
    const indexCost =
      best.few || (!atLeast && counted.length > 1 && best.n < TRIGRAM_CAP)
        ? best.n * (c.candidate + c.row)
        : Infinity;
    // Likely past the cap: the rarest trigram's jobs in the filters would pass it twice over, and the
    // filters keep enough of the board that the word index's candidates mostly pass them. The index also
    // holds each job's city, state and category (migration 0020), so with those filters alone it finds
    // the jobs there itself, and a try that falls short costs little: it is made when the word's jobs
    // there would pass the cap once, a word whose trigram reached its count's cap taken as held by two
    // jobs in five.
    const inPlaces = !f.postedDate && !rowFilters(f) && !!(f.city || f.state || f.category);
    const likely = counted.reduce(
      (p, r) => p * (r.n >= TRIGRAM_CAP ? Math.max(r.n / open, 0.4) : Math.min(1, r.n / open)),
      1,
    );
    const many = inPlaces
      ? likely * inFilter > TOTAL_CAP
      : together * inFilter > 2 * TOTAL_CAP && inFilter / open > 0.25;
    // SQLite: the jobs that pay enough read from an index ordered by pay: across the board from the entries
    // of the one that carries the text (decision 59); in a place, when few pay enough, each row tested, then
    // sorted, as a listing without words reads them (decisions 46 and 49).
    const paid = await this.fewPaid(f);
    const onText = this.paysOnText(f);
    const paidCost = onText
      ? this.paidTextCost(f, stats, paid, signedPass)
      : paid === undefined
        ? Infinity
        : paid * c.row;
    // A walk's length (and a semijoin's) takes the words and the pay as independent, which they seldom are
    // (managers' jobs ask for experience); the pay range's is known. Across the board the range is read
    // from the entries, and preferred unless the walk looks twice as cheap: `manager` from ₹20,000 for a
    // year (no job) was estimated at 100 ms walked and 170 ms in pay order, and took 280 and 163 ms.
    const doubt = onText ? PAY_WALK_DOUBT : 1;
    if (paidCost < Math.min(indexCost, doubt * semijoinCost, doubt * walkCost))
      return { kind: 'walk', quick: 'paid' };
    if (indexCost <= semijoinCost && indexCost <= walkCost) return index;
    return semijoinCost < walkCost
      ? { kind: 'semijoin', driver: best.t, trigrams: best.trigrams, many }
      : { kind: 'walk', many };
  }

  /**
   * SQLite, several terms looked for in the same columns: the candidates are the jobs holding every term's
   * rarest trigrams together, not the rarest term's alone. Words each common but seldom together (`thai
   * massage manager`: 186,046, 229,353 and 100,131 jobs hold each one's trigrams, 4,836 all of them) were
   * read as the rarest word's 100,131 candidates, each row tested (decision 72). The text index intersects
   * the trigrams' lists itself (30–40 ms for those twelve at 1,000,000 jobs); counted up to `few`, a joint
   * set that small is planned as few candidates, exactly counted.
   */
  private async jointCandidates(best: RarestTrigrams, counted: RarestTrigrams[]): Promise<RarestTrigrams> {
    if (best.few || !searchPlanning.jointCandidates) return best;
    const columns = ftsColumns(best.t).join(' ');
    const trigrams = [
      ...new Set([
        ...best.trigrams,
        ...counted.filter((r) => ftsColumns(r.t).join(' ') === columns).flatMap((r) => r.trigrams),
      ]),
    ];
    if (trigrams.length === best.trigrams.length) return best;
    const few = searchPlanning.fewCandidates;
    const n = await this.candidateCount(best.t, trigrams, few);
    if (n >= few) return { ...best, trigrams };
    searchPlanning.jointFew++;
    return { t: best.t, trigrams, n, few: true };
  }

  /**
   * SQLite: what reading the jobs that pay enough from the index in pay order that carries the text costs
   * (decision 59): each entry of the pay range passed over, and those that ask no more experience tested
   * for the terms' signatures and, when they have them, for the words, then put in date order. The range
   * is counted when fewer than QUICK_FEW_PAID jobs pay enough, otherwise estimated from the newest jobs' pay.
   */
  private paidTextCost(f: SearchFilters, stats: PlanStats, paid: number | undefined, signedPass: number) {
    const c = SQLITE_COST;
    const open = Math.max(1, stats.open);
    const range = paid ?? this.quickShare({ salaryMin: f.salaryMin }, stats) * open;
    const passing = Math.min(range, this.quickShare(f, stats) * open);
    return range * c.skip + passing * (c.signedEntry! + signedPass * (c.textEntry + c.sorted));
  }

  /**
   * SQLite: words alone, each of whose trigrams the text index holds for at least FEW_CANDIDATES jobs,
   * are first shown past the cap from the word index, before any plan is weighed. Planning such a word
   * counts its candidates in the trigram index (up to FEW_CANDIDATES: 12.8 ms for "wellness consult"),
   * and a word that many jobs hold is then shown past the cap anyway (10 ms); shown first, the count is
   * not needed (decision 43). A word the word index does not hold (a misspelling, a part of a word)
   * fails at once, and the plan is weighed as before. Not with filters: the word's jobs there may be
   * few, and a proof that falls short would test many candidates for nothing.
   */
  private async provedBeforePlanning(
    f: SearchFilters,
    terms: TextTerm[],
    indexed: TextTerm[],
    depth: number,
    now: number,
  ): Promise<boolean> {
    if (this.d.engine !== 'sqlite' || !terms.length || indexed.length !== terms.length) return false;
    if (depth > PROOF_DEPTH || searchPlanning.wordProof === 'never') return false;
    if (f.city || f.state || f.category || f.postedDate || rowFilters(f)) return false;
    const few = searchPlanning.fewCandidates;
    for (const t of terms) {
      // Each trigram counted up to `few` (counts kept for minutes answer without a statement).
      const floors = await Promise.all(trigramsOf(t.text).map((g) => this.trigramFloor(t, g, few)));
      if (Math.min(...floors) < few) return false;
    }
    if (!(await this.atLeastCap(f, terms, now))) return false;
    searchPlanning.provenFirst++;
    return true;
  }

  /**
   * Whether more jobs than the cap match, shown from the word index (SQLite,
   * migration 0016): jobs holding each term's words, confirmed one by one
   * with the exact test, until one more than the cap pass. Each is a true
   * match, so reaching the cap proves the count capped; falling short proves
   * nothing (the search's own count follows). Whole words are tried first
   * (read lazily, in a few milliseconds even for the commonest), then the last
   * word of each term as the start of a word; each try tests at most
   * PROOF_CANDIDATES candidates.
   */
  private async atLeastCap(f: SearchFilters, terms: TextTerm[], now: number): Promise<boolean> {
    // Filters that only a job's row can answer are left to the search's own count.
    if (rowFilters(f)) return false;
    const eb = expressionBuilder<Database, 'jobs'>();
    const conditions = this.filterConditions(eb, f, now, false);
    // A job holding a single-word term as the start of a word contains it: no test of its text is
    // needed when case cannot differ (ASCII, or a script without case, such as Devanagari).
    for (const t of terms) {
      const words = wordTokens(t.text);
      const whole = words.length === 1 && words[0] === t.text.toLowerCase() && caseAgrees(t.text);
      if (!whole) conditions.push(this.termMatches(eb, t));
    }
    for (const prefix of [false, true]) {
      const match = jobWordsQuery(
        terms.map((t) => ({ text: t.text, columns: ftsColumns(t) })),
        prefix,
        f,
      );
      if (!match) return false;
      // Open jobs by id (migration 0016) check each candidate without its row, unless a term needs it.
      const r = await sql<{ n: number }>`select count(*) as n from (
          select 1 from (select rowid as id from jobs_words where jobs_words match ${match} limit ${PROOF_CANDIDATES}) as c
          cross join jobs indexed by jobs_open_ids on jobs.id = c.id
          where ${eb.and(conditions)}
          limit ${TOTAL_CAP + 1}
        ) as m`.execute(this.db);
      if (Number(r.rows[0]?.n ?? 0) > TOTAL_CAP) {
        searchPlanning.proved++;
        return true;
      }
    }
    return false;
  }

  /**
   * What testing one job costs on a walk: titles alone are tested on the
   * filters' covering index; any text on jobs_open_text, when no filter
   * needs another index; otherwise each job's row is read.
   */
  private walkEntryCost(f: SearchFilters, terms: TextTerm[], costs: WalkCosts, signedPass = 1): number {
    if (titlesOnly(f, terms)) return costs.entry;
    if (this.walksTextEntries(f))
      return costs.signedEntry !== undefined && signedPass < 1
        ? costs.signedEntry + signedPass * costs.textEntry
        : costs.textEntry;
    return costs.row;
  }

  /**
   * PostgreSQL: whether a walk's jobs are found on the place's index before their rows are read (planned),
   * and by what: the place's index (its titles, pay and experience; decisions 78 and 91), or the index in
   * pay order (decision 54).
   */
  private idsFirstBy(f: SearchFilters, terms: TextTerm[], plan: Plan): 'place' | 'paying' | undefined {
    if (this.titlesFirst(f, terms, plan)) return 'place';
    return this.d.engine === 'postgres' &&
      plan.kind === 'walk' &&
      plan.quick === 'paid' &&
      placed(f) &&
      !f.spaIds
      ? 'paying'
      : undefined;
  }

  /**
   * The ids of the place's open jobs that pass every filter but the words and, in a `place`, whose title
   * holds every title filter, from the place's index alone (an index-only scan: the listing indexes carry
   * the title, pay, experience and expiry; those in pay order, pay and experience), in a statement of
   * their own, so that only their rows are then read, as one bitmap (planned).
   */
  private async idsFirst(
    f: SearchFilters,
    terms: TextTerm[],
    by: 'place' | 'paying',
    now: number,
  ): Promise<number[]> {
    searchPlanning.fromIdsFirst++;
    const titles = by === 'place' ? terms.filter((t) => t.kind === 'title') : [];
    const placed = this.base(f, now);
    const rows = await (
      titles.length ? placed.where((eb) => eb.and(titles.map((t) => this.termMatches(eb, t, true)))) : placed
    )
      .select('jobs.id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * PostgreSQL: a walk of a place's jobs (not near a point, not by pay) for words other than titles, that
   * passes every one of them (fewer matches than the cap, by the probe), where the place's index leaves
   * few of them by their titles, pay and experience: those are found on the index before any row is read
   * (`idsFirst`; decisions 78 and 91). A walk that stops at the cap reads the date order instead, and
   * stops early.
   */
  private titlesFirst(f: SearchFilters, terms: TextTerm[], plan: Plan): boolean {
    if (
      !searchPlanning.titlesFirst ||
      this.d.engine !== 'postgres' ||
      plan.kind !== 'walk' ||
      !plan.whole ||
      plan.quick === 'paid' ||
      f.spaIds ||
      !placed(f) ||
      // A city's jobs alone are walked on jobs_open_city_search, which carries every text: no row is read.
      (f.city && !f.category) ||
      // Titles alone are answered by the place's index.
      !terms.some((t) => t.kind !== 'title')
    )
      return false;
    // The share of the place's jobs left: by pay and experience among the newest jobs, and by the title's
    // commonest word, unknown taken as all; with a category, all (titles go with the kind of work: 80 % of
    // Mumbai's therapists' titles hold `therapist`, against 30 % of all open jobs'). Without a title, by
    // pay and experience alone (decision 91): Kerala's `massage` jobs from ₹30,000 (6,147 of its 51,601
    // jobs pay that) read every row of the state, 1.6 s.
    const stats = this.planStats();
    let titled = 1;
    if (!f.category)
      for (const t of terms)
        if (t.kind === 'title') titled = Math.min(titled, this.heldShare(stats.words, t) || 1);
    const left = this.quickShare(f, stats) * titled;
    if (left > TITLES_FIRST_SHARE) return false;
    if (terms.some((t) => t.kind === 'title')) searchPlanning.fromTitlesFirst++;
    return true;
  }

  /**
   * The window of one or two characters in a state with no city (decision 92): the state's cities, every
   * city a job of it was ever in, from job_place_counts (decision 73), whose rows are never deleted; and
   * where the window starts, the newest `rows`-th job of the filters, from the state's narrow index. Only
   * with no other filter but the posted date, so that the window's entries are its jobs (a category or
   * pay would leave most of the cities' entries out); none beyond MAX_WINDOW_CITIES. A state with fewer
   * jobs than the window has all of them in it: every entry of its cities, the state tested on each, when
   * no other state has open jobs in one of them (else read as before).
   */
  private async stateWindow(f: SearchFilters, rows: number, now: number): Promise<StateWindow | undefined> {
    if (!searchPlanning.stateWindows || !f.state || f.city || f.spaIds || f.category || quickFiltered(f))
      return undefined;
    // SQLite reads the window from jobs_open_state_text, in the state's date order (decision 93).
    if (this.walksStateText(f)) return undefined;
    const cities = await this.db
      .selectFrom('job_place_counts')
      .where('state', '=', f.state)
      .select('city')
      .distinct()
      .limit(MAX_WINDOW_CITIES + 1)
      .execute();
    if (!cities.length || cities.length > MAX_WINDOW_CITIES) return undefined;
    const names = cities.map((r) => r.city);
    const edge = await this.base(f, now, undefined, false)
      .select(['jobs.posted_at', 'jobs.id'])
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(1)
      .offset(rows - 1)
      .executeTakeFirst();
    if (edge) return { cities: names, edge: { posted_at: Number(edge.posted_at), id: Number(edge.id) } };
    // Fewer jobs than the window: all of them, from every entry of its cities, unless another state has
    // open jobs in one of them, whose entries would be read for nothing.
    const shared = await this.db
      .selectFrom('job_place_counts as p')
      .where('p.city', 'in', names)
      .where('p.state', '<>', f.state)
      .where(placePresent('p', now))
      .select('p.city')
      .limit(1)
      .executeTakeFirst();
    return shared ? undefined : { cities: names };
  }

  /**
   * A walk with these filters tests each job's text on an index entry, all jobs', a city's or a state's,
   * with no row.
   */
  private walksTextEntries(f: SearchFilters): boolean {
    return this.walksTextIndex(f) || this.walksCityText(f) || this.walksStateText(f);
  }

  /**
   * SQLite: a walk of a state's jobs (no city, no category, whose own index is walked then) reads the index
   * of a state's open jobs that carries their text, jobs_open_state_text (migration 0048, decision 93), with
   * no row.
   */
  private walksStateText(f: SearchFilters): boolean {
    return (
      this.d.engine === 'sqlite' &&
      searchPlanning.stateText &&
      !!f.state &&
      !f.city &&
      !f.category &&
      !f.spaIds
    );
  }

  /**
   * A walk with these filters reads the index of a city's open jobs that carries their text, with no
   * row: on PostgreSQL jobs_open_city_search (migration 0022), with any other place filter; on SQLite
   * jobs_open_city_text (migration 0026), without a category, whose own index is walked then.
   */
  private walksCityText(f: SearchFilters): boolean {
    if (!f.city || f.spaIds) return false;
    return this.d.engine === 'postgres' || !f.category;
  }

  /**
   * SQLite: a walk whose terms need more than the title (which the narrow listing indexes carry), of all
   * open jobs or of a city's, names the index that carries all the text (`filtersSource`).
   */
  private testsTextOnEntries(f: SearchFilters, terms: TextTerm[]): boolean {
    return (
      this.d.engine === 'sqlite' && terms.length > 0 && !titlesOnly(f, terms) && this.walksTextEntries(f)
    );
  }

  /**
   * SQLite: the jobs that pay enough, with words, across the board, are read from the index in pay order
   * that carries their text (migration 0034), the words tested on its entries; in a place, from the
   * place's index in pay order, each row tested (decision 49).
   */
  private paysOnText(f: SearchFilters): boolean {
    return this.d.engine === 'sqlite' && !!f.salaryMin && this.walksTextIndex(f);
  }

  /** A walk with these filters reads the index that carries the jobs' text, in date order, and no row. */
  private walksTextIndex(f: SearchFilters): boolean {
    return !f.spaIds && !f.city && !f.state && !f.category;
  }

  /**
   * PostgreSQL's plan: the share of the newest PG_PROBE jobs of the filters
   * that match tells how far a walk goes to find the cap's worth of matches,
   * and how many candidates the trigram index would give; the cheaper wins.
   * The index is driven by the longest term (the most trigrams, the fewest
   * candidates).
   */
  private async pgTextPlan(
    f: SearchFilters,
    terms: TextTerm[],
    indexed: TextTerm[],
    now: number,
  ): Promise<Plan> {
    const driver = indexed.reduce((a, b) => (charLength(b.text) > charLength(a.text) ? b : a));
    const index: Plan = { kind: 'index', driver, trigrams: [] };
    if (searchPlanning.force === 'paid') return { kind: 'walk', quick: 'paid' };
    if (searchPlanning.force === 'titles') return { kind: 'walk', whole: true };
    if (searchPlanning.force === 'ordered') return { kind: 'walk', whole: false, walked: 0 };
    if (searchPlanning.force && searchPlanning.force !== 'index') return { kind: 'walk' };
    if (searchPlanning.force === 'index') return index;
    const stats = this.planStats();
    const open = Math.max(1, stats.open);
    const inFilter = Math.max(1, this.filterShare(f, stats) * open);
    // With pay or experience, which no bitmap narrows, every job holding a lone word is read and tested: its
    // share of the board by the word statistics, when known, not of the filters' jobs (managers asking two
    // years at most are far fewer than managers: 630 ms through the index against 310 walking; decision 49).
    const held = quickFiltered(f) && indexed.length === 1 ? this.heldShare(stats.words, driver) : 0;
    // A pay floor: the jobs paying enough, read with their experience from an index in pay order, and
    // only those that also ask no more experience tested for the words on their rows (decision 54). A word
    // and pay and experience that seldom go together leave fewer matches than the cap, so a walk passes
    // every open job: `manager` from ₹30,000 for two years (9,825 jobs) 420–550 ms walking warm, 2.7–3.1 s
    // (over the budget) with the text index out of PostgreSQL's buffers; 205–300 ms so. When that costs
    // less than the cheapest walk (every job it tests a match) and the cheapest reading of the index, the
    // probe is not made: among jobs that pay and experience seldom keep, finding its thousand would walk
    // most of the board itself (`thai` from ₹40,000 for a fresher: 400 ms of probe, 10 ms of plan).
    // Not with a category: pay goes with the kind of work far more than the newest jobs' shares show
    // (managers in Management from ₹40,000 are past the cap: read so in 260–280 ms, walked in 155–175).
    const paidCost = f.salaryMin && !f.category ? this.pgPaidCost(f, stats) : Infinity;
    const walkAtLeast = this.walkCost(f, terms, Math.min(inFilter, TOTAL_CAP + 1), PG_COST, stats);
    const indexAtLeast = Math.max(held, 1 / PG_PROBE) * open * PG_CANDIDATE_COST;
    if (paidCost < Math.min(walkAtLeast, indexAtLeast)) return { kind: 'walk', quick: 'paid' };
    const share = await this.probeShare(f, terms, now);
    const walked = share > 0 ? Math.min(inFilter, (TOTAL_CAP + 1) / share) : inFilter;
    const walkCost = this.walkCost(f, terms, walked, PG_COST, stats);
    // Every candidate's row is fetched and rechecked after a bitmap of them all is built; a share
    // below what the probe can see is taken as rare.
    const indexCost = Math.max(share, held, 1 / PG_PROBE) * open * PG_CANDIDATE_COST;
    if (paidCost < Math.min(indexCost, walkCost)) return { kind: 'walk', quick: 'paid' };
    return indexCost < walkCost ? index : { kind: 'walk', whole: walked >= inFilter, walked };
  }

  /** PostgreSQL: the share of the newest PG_PROBE jobs of the filters that match the text. */
  private async probeShare(f: SearchFilters, terms: TextTerm[], now: number): Promise<number> {
    // In a state or a category, whose indexes carry no text: the newest jobs' ids from the place's index
    // alone, the pay and experience tested on its entries, then only their rows, as one bitmap (decision 91).
    // Maharashtra's newest jobs from ₹30,000 to someone of a year read each row the pay left out: 128 ms
    // with the rows in the system's cache, 1.5 s from the disk.
    const ids =
      (f.state || f.category) && !f.spaIds
        ? (
            await this.base(f, now)
              .select('jobs.id')
              .orderBy('jobs.posted_at', 'desc')
              .orderBy('jobs.id', 'desc')
              .limit(PG_PROBE)
              .execute()
          ).map((r) => Number(r.id))
        : undefined;
    const probe = this.planned(
      f,
      terms,
      ids ? { kind: 'walk', ids } : { kind: 'window', rows: PG_PROBE },
      now,
    );
    const r = await this.db
      .selectFrom(probe.select(sql<number>`1`.as('one')).as('p'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n) / PG_PROBE;
  }

  /**
   * PostgreSQL: what reading the jobs that pay enough costs (decision 54): the entries of the index in pay
   * order (of all open jobs, or a city's) down to the floor, and the row of each one whose experience
   * passes too; across the board, that entry's texts instead of its row (decision 56).
   */
  private pgPaidCost(f: SearchFilters, stats: PlanStats): number {
    const open = Math.max(1, stats.open);
    const paying = this.filterShare({ ...f, experience: undefined }, stats) * open;
    const passing = this.filterShare(f, stats) * open;
    // Across the board every entry down to the floor carries the texts (decision 56): one passed over
    // for its experience costs about as much as one whose text is tested.
    if (!placed(f)) return paying * PG_COST.skip + passing * PG_COST.textEntry;
    return paying * PG_COST.entry + passing * PG_PAID_ROW;
  }

  /**
   * One page of open jobs, newest first, with how many match: exact up to
   * TOTAL_CAP. Jobs are read by the plan that costs least (textPlan), and one
   * reading gives both the page and the count (firstMatches).
   */
  async search(query: JobFilters, page: number, limit: number, near?: NearSpas): Promise<JobPage> {
    const now = Date.now();
    const f: SearchFilters = near ? { ...query, spaIds: [...near.distance.keys()] } : query;
    const terms = this.textTerms(f);
    const offset = (page - 1) * limit;
    const sort = f.sort ?? 'newest';
    // Text no index can narrow is, like one or two characters, looked for among the newest jobs only.
    const indexed = terms.filter(
      (t) => isIndexable(t.text) && (this.d.engine !== 'postgres' || pgTrigramsIn(t.text)),
    );
    // Words that the statistics show past the cap need no plan of their own: the page is found by
    // walking the date order to it, however deep (the proof costs nothing to make).
    const byWordStatistics = terms.length > 0 && this.pastCapByWords(f, terms);
    // One keyword alone, keywords in one city or state, or keywords inside common words only: their jobs
    // read newest first from the lists of the words that contain them (decisions 64 and 77); counted too,
    // unless the statistics show them past the cap.
    if (
      sort === 'newest' &&
      this.wordListsServe(f, terms) &&
      // Several keywords across the board: when the newest jobs show the words together, whatever the pay
      // and experience asked (decision 81); else the trigram index finds the few jobs that hold them all.
      (terms.length === 1 ||
        !!f.city ||
        !!f.state ||
        (await this.probeShare({ ...f, salaryMin: undefined, experience: undefined }, terms, now)) >=
          BOARD_TOGETHER_MIN)
    ) {
      const within = Math.max(0, Math.min(limit, TOTAL_CAP + 1 - offset));
      const listed = await this.fromWordLists(
        terms.map((t) => t.text),
        f,
        offset,
        within,
        !byWordStatistics,
        now,
      );
      if (listed) {
        searchPlanning.fromWordLists++;
        if (byWordStatistics) searchPlanning.fromWordStatistics++;
        const n = byWordStatistics ? TOTAL_CAP + 1 : listed.n;
        return {
          data: await this.byIds(listed.ids, now),
          total: Math.min(n, TOTAL_CAP),
          totalCapped: n > TOTAL_CAP,
        };
      }
    }
    const provenFirst =
      !byWordStatistics &&
      sort === 'newest' &&
      (await this.provedBeforePlanning(f, terms, indexed, offset + limit, now));
    // PostgreSQL near a place: the spas' jobs are read first and the words tested on them (planned). One
    // or two characters alone keep their window of the newest jobs, as on SQLite.
    const nearFirst = this.d.engine === 'postgres' && !!f.spaIds && sort !== 'salary' && indexed.length > 0;
    const plan: Plan | 'none' = !terms.length
      ? { kind: 'all', quick: await this.quickFilters(f, sort) }
      : byWordStatistics || provenFirst || nearFirst
        ? { kind: 'walk' }
        : !indexed.length
          ? // One or two characters (on PostgreSQL, no three letters or digits in a row): no index can
            // serve them; only the newest jobs are tested.
            {
              kind: 'window',
              rows: searchPlanning.shortWindow,
              byCities: await this.stateWindow(f, searchPlanning.shortWindow, now),
            }
          : await this.textPlan(f, terms, indexed, now);
    if (terms.length && plan !== 'none') {
      searchPlanning.lastPlan = plan.kind;
      if (plan.kind === 'walk') searchPlanning.lastQuick = plan.quick;
    }
    let ids: number[] = [];
    // Newest first, SQLite reads the page's rows with it (decision 52).
    let read: Job[] | undefined;
    let n = 0;
    const proof =
      plan !== 'none' &&
      (plan.kind === 'walk' || plan.kind === 'semijoin') &&
      this.d.engine === 'sqlite' &&
      offset + limit <= PROOF_DEPTH &&
      searchPlanning.wordProof !== 'never' &&
      // A city's jobs are walked on index entries: reaching the cap that way costs less than the proof,
      // and a proof that falls short (a word the city holds a few thousand times) is spent for nothing.
      ((plan.many && !this.walksCityText(f)) || searchPlanning.wordProof === 'always');
    // Past the cap without counting, newest first: the page is cut where the count's reading would
    // cut it (it holds the first TOTAL_CAP + 1 matches), so both ways give the same jobs.
    const within = Math.max(0, Math.min(limit, TOTAL_CAP + 1 - offset));
    // A listing by no more than city, state and category: past the cap by the summary's count, or
    // counted from job_place_counts (decision 73); only the page is read, from the filters' index in order.
    const listed =
      plan !== 'none' && plan.kind === 'all'
        ? this.pastCapBySummary(f)
          ? (searchPlanning.fromSummary++, TOTAL_CAP + 1)
          : await this.placeCount(f, now)
        : undefined;
    if (plan !== 'none' && listed !== undefined) {
      n = listed;
      const q = this.planned(f, terms, plan, now, sort === 'salary' ? 'salary' : 'newest');
      if (sort !== 'newest') ids = n ? await this.sortedPageIds(q, sort, true, near, offset, limit) : [];
      else read = within && offset < n ? await this.pageJobs(q, offset, within, now) : [];
    } else if (
      plan !== 'none' &&
      (byWordStatistics || provenFirst || (proof && (await this.atLeastCap(f, terms, now))))
    ) {
      // Past the cap: only the page is read, newest first by walking the date order to it (a few
      // hundred jobs); in another order from the plan's newest matches.
      if (byWordStatistics) searchPlanning.fromWordStatistics++;
      n = TOTAL_CAP + 1;
      if (sort !== 'newest')
        ids = await this.sortedPageIds(this.planned(f, terms, plan, now), sort, false, near, offset, limit);
      else
        read = within
          ? await this.pageJobs(this.planned(f, terms, { kind: 'walk' }, now), offset, within, now)
          : [];
    } else if (plan !== 'none') {
      const first = plan.kind === 'walk' ? this.idsFirstBy(f, terms, plan) : undefined;
      const chosen = first ? { ...plan, ids: await this.idsFirst(f, terms, first, now) } : plan;
      const q = this.planned(f, terms, chosen, now, sort === 'salary' ? 'salary' : 'newest');
      // PostgreSQL, a walk of a place's or a category's jobs planned to stop at the cap (decision 80).
      const inOrder =
        this.d.engine === 'postgres' &&
        searchPlanning.walksInOrder &&
        sort === 'newest' &&
        plan.kind === 'walk' &&
        !plan.whole &&
        !plan.quick &&
        (plan.walked ?? Infinity) <= IN_ORDER_WALK_MAX &&
        !f.spaIds &&
        !!(f.city || f.state || f.category);
      if (inOrder) searchPlanning.fromWalksInOrder++;
      if (sort === 'newest') ({ jobs: read, n } = await this.firstMatchJobs(q, offset, limit, now, inOrder));
      else
        [ids, n] = await Promise.all([
          this.sortedPageIds(q, sort, !terms.length, near, offset, limit),
          this.cappedCount(q),
        ]);
    }
    const data = read ?? (await this.byIds(ids, now));
    if (near) {
      for (const job of data) {
        const d = near.distance.get(Number(job.spa._id));
        if (d !== undefined) job.distance = Math.round(d * 10) / 10;
      }
    }
    return { data, total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP };
  }

  /**
   * A search that the words' lists can answer (db/job-words.ts): one keyword, alone or in one city or
   * state; or several keywords in one city or state, of which the lists serve at least one, or across the
   * board on PostgreSQL, all but one at most inside common words with bits (decision 81); with pay and
   * experience or without (the entries carry both, migration 0038); in one category or not (the entries
   * carry it too, migration 0043, decision 82). A state is read as its cities (decision 92).
   */
  private wordListsServe(f: SearchFilters, terms: TextTerm[]): boolean {
    return (
      searchPlanning.wordLists &&
      // A plan forced (by tests, to compare the ways of reading) is read as forced.
      !searchPlanning.force &&
      terms.length > 0 &&
      // Several keywords across the board: on PostgreSQL, when the lists find them (fromWordLists).
      (terms.length === 1 || !!f.city || !!f.state || this.d.engine === 'postgres') &&
      terms.every((t) => t.kind === 'word') &&
      terms.some((t) => wordsServe(t.text)) &&
      !f.postedDate &&
      !f.spaIds &&
      f.lat === undefined
    );
  }

  /**
   * The ids of a page of the open jobs holding every keyword of `texts` (in one city, when `city` is
   * given, and in one category, when `category` is; paying at least `salaryMin` and asking no more than
   * `experience` years, when given; all tested on the entries), newest first, from the entries of the
   * words that contain them (decision 64); and, when `counted`, how many there are up to the cap. Undefined when the lists cannot answer: not whole (a
   * bulk load), or no keyword is listed. A keyword is listed when the lists serve it (`wordsServe`), no
   * common word without a bit contains it, and no more than MAX_WORDS words with entries do.
   *
   * One keyword: each of its words' newest entries in order (by word and city, with a city), as far as
   * the page's end, merged, a job in two of them kept once; with the newest jobs holding the common
   * words that contain it, read from their bits (PostgreSQL, decision 77). Several, in one city: inside
   * common words only, their bits tested together on each row of bits in order, as one keyword's; else
   * the city's entries of each listed keyword with other words, the jobs found for every one of them
   * (`intersect`), and on those jobs the bits of each keyword inside common words only and, on their
   * rows, the test of each keyword not listed (a common word without a bit, punctuation, one or two
   * characters); counted and sorted in one statement. A keyword that is not common is held by at most
   * a fifth of the jobs, so a city's candidates are at most a fifth of its jobs.
   *
   * PostgreSQL reads the words and their entries in one snapshot (repeatable read), and merges one
   * keyword's ranges as it reads them (Merge Append, then Unique): nothing is sorted. SQLite's reads go
   * to its read threads one statement at a time: the page's statement counts again the words still not
   * common, and a word marked in between (its entries dropped after) sends the search the old way.
   *
   * A state (decision 92) is read as its cities, found in the rows of job_place_counts, each city's
   * entries as a city's (one keyword: a range for each word in each city, MAX_RANGES at most), when no
   * other state has one of them and it has no more than MAX_STATE_CITIES; on SQLite the page's statement
   * checks that its places are still those read.
   */
  private async fromWordLists(
    texts: string[],
    {
      city,
      state,
      category,
      salaryMin,
      experience,
    }: Pick<SearchFilters, 'city' | 'state' | 'category' | 'salaryMin' | 'experience'>,
    offset: number,
    limit: number,
    counted: boolean,
    now: number,
  ): Promise<{ ids: number[]; n: number } | undefined> {
    const pg = this.d.engine === 'postgres';
    const lookup = (text: string, i: number) =>
      pg
        ? sql`select job_words_kept() as kept, ${i}::int as i, w.id, w.common, w.bit from (select 1) as one
            left join job_word_list as w on w.word like ${lowerPattern(text)}`
        : sql`select (select ready from job_words_state where id = 1) as kept, ${i} as i, w.id, w.common,
              null as bit
            from (select 1) as one
            left join (select l.id, l.common from job_word_list_fts as f join job_word_list as l on l.id = f.rowid
              where f.word like ${likePattern(text)} and l.word like ${likePattern(text)}) as w on 1`;
    const served = texts.flatMap((text, i) => (wordsServe(text) ? [{ text, i }] : []));
    const read = async (db: Kysely<Database>) => {
      const words = await sql<{
        kept: boolean | number;
        i: number;
        id: number | null;
        common: boolean | number | null;
        bit: number | null;
      }>`${sql.join(
        served.map(({ text, i }) => lookup(text, i)),
        sql` union all `,
      )}`.execute(db);
      if (!words.rows[0]?.kept) return undefined;
      // Each keyword listed: the ids of the words that contain it and have entries, and the bits of the
      // common ones (PostgreSQL, decision 77), whose jobs are read from job_common_words.
      const listed: { text: string; ids: number[]; bits: bigint }[] = [];
      const tested: string[] = [];
      texts.forEach((text, i) => {
        const rows = words.rows.filter((w) => Number(w.i) === i && w.id !== null);
        const ids = rows.flatMap((w) => (w.common ? [] : [Number(w.id)]));
        if (
          words.rows.some((w) => Number(w.i) === i) &&
          !rows.some((w) => w.common && w.bit === null) &&
          ids.length <= MAX_WORDS
        )
          listed.push({
            text,
            ids,
            bits: rows.reduce((b, w) => (w.common ? b | (1n << BigInt(w.bit!)) : b), 0n),
          });
        else tested.push(text);
      });
      if (!listed.length || (texts.length === 1 && tested.length)) return undefined;
      if (listed.some((k) => !k.ids.length && !k.bits)) return { ids: [], n: 0 };
      // Keywords inside common words only, with others not listed: the rows are walked as before.
      if (tested.length && listed.every((k) => !k.ids.length)) return undefined;
      // A state: its cities, from the rows of the places' counts, which every open job's place has
      // (decision 73), read in the same snapshot; the entries carry the city, not the state (decision 92).
      // A row that holds now with no open job is passed over: no entry of its place can be found. A city
      // that another state has open jobs in too, or more than MAX_STATE_CITIES, leave the search to the
      // plans.
      let cities = city === undefined ? undefined : [city];
      const present = (p: string) => placePresent(p, now);
      if (state !== undefined) {
        const rows = (
          await sql<{ city: string; shared: boolean | number }>`select distinct p.city,
              exists (select 1 from job_place_counts as o
                where o.city = p.city and o.state <> ${state} and ${present('o')}) as shared
            from job_place_counts as p where p.state = ${state} and ${present('p')}
              ${city === undefined ? sql`` : sql`and p.city = ${city}`}`.execute(db)
        ).rows;
        if (!rows.length) return { ids: [], n: 0 };
        if (rows.length > MAX_STATE_CITIES || rows.some((r) => r.shared)) return undefined;
        cities = rows.map((r) => r.city);
        await searchPlanning.afterStatePlaces?.();
      }
      // The cities, category, pay and experience asked, tested on the entries, which carry them (migrations
      // 0038 and 0043).
      const onCities = (of: string[] | undefined) =>
        of === undefined
          ? sql``
          : of.length === 1
            ? sql`and city = ${of[0]}`
            : sql`and city in (${sql.join(of)})`;
      const rest = sql`${category === undefined ? sql`` : sql`and category = ${category}`}
        ${salaryMin ? sql`and salary_min >= ${salaryMin}` : sql``}
        ${experience === undefined ? sql`` : sql`and (experience_min is null or experience_min <= ${experience})`}`;
      const onEntries = sql`${onCities(cities)} ${rest}`;
      const open = sql`(expires_at is null or expires_at > ${now})`;
      // The jobs holding a common word of each of `bits`, from their rows of common words' bits.
      const holding = (bits: bigint[]) =>
        sql.join(
          bits.map((b) => sql`words & ${b.toString()}::bigint <> 0`),
          sql` and `,
        );
      // Keywords inside common words only: their bits are tested together on the same rows.
      const bitsOnly = listed.filter((k) => !k.ids.length).map((k) => k.bits);
      const entered = listed.filter((k) => k.ids.length);
      // Several keywords across the board (decision 81): those inside common words with bits, and one
      // keyword at most with entries, all walked in date order; any other search is left to the plans.
      const board = texts.length > 1 && cities === undefined;
      if (board && (entered.length > 1 || tested.length)) return undefined;
      // How the keyword with entries is joined with the rows of bits, across the board.
      let join: 'merge' | 'lookup' | undefined;
      // Several keywords in a city or a state, their entries intersected.
      let several = false;
      let pageOf: RawBuilder<unknown>;
      let count: () => Promise<number>;
      const counts = (from: RawBuilder<unknown>) => async () =>
        Number(
          (await sql<{ n: number }>`select count(*) as n from (${from}) as c`.execute(db)).rows[0]?.n ?? 0,
        );
      if (texts.length === 1 || (!entered.length && !tested.length)) {
        // One keyword, or keywords inside common words only (all tested on one row of bits each).
        const ids = entered.length ? entered[0]!.ids : [];
        const bits = entered.length ? [entered[0]!.bits].filter((b) => b) : bitsOnly;
        // Each word's newest `reach` (in each city of a state), in order; and the newest `reach` holding the
        // common words.
        const each = cities === undefined ? [undefined] : cities.map((c) => [c]);
        if ((ids.length + (bits.length ? 1 : 0)) * each.length > MAX_RANGES) return undefined;
        const arm = (id: number, of: string[] | undefined, reach: number) => sql`select posted_at, job_id
          from job_words where word_id = ${id} ${onCities(of)} ${rest} and ${open}
          order by posted_at desc, job_id desc limit ${reach}`;
        const commonArm = (of: string[] | undefined, reach: number) => sql`select posted_at, job_id
          from job_common_words where ${holding(bits)} ${onCities(of)} ${rest} and ${open}
          order by posted_at desc, job_id desc limit ${reach}`;
        const merged = (reach: number) =>
          sql.join(
            each.flatMap((of) => [
              ...ids.map((id) =>
                pg ? sql`(${arm(id, of, reach)})` : sql`select * from (${arm(id, of, reach)})`,
              ),
              ...(bits.length ? [sql`(${commonArm(of, reach)})`] : []),
            ]),
            sql` union all `,
          );
        const distinct = (reach: number, page: RawBuilder<unknown>) =>
          sql`select distinct posted_at, job_id, null as n from (${merged(reach)}) as e
            order by posted_at desc, job_id desc ${page}`;
        pageOf = distinct(offset + limit, sql`limit ${limit} offset ${offset}`);
        count = counts(distinct(TOTAL_CAP + 1, sql`limit ${TOTAL_CAP + 1}`));
      } else if (board) {
        // One keyword's entries newest first (its words' ranges merged, with the rows holding its common
        // words), each joined with its row of bits, on which the others' bits are tested, only as far as
        // the matches asked for: both walked together in date order (a merge join) when its entries are
        // many, else each one's row looked up.
        const { text, ids, bits } = entered[0]!;
        const stats = this.planStats();
        const from = searchPlanning.boardMergeFrom;
        join =
          this.heldShare(stats.words, { kind: 'word', text }) * stats.open >= from ||
          Number(
            (
              await sql<{ n: number }>`select count(*) as n from (select 1 from job_words
                where word_id in (${sql.join(ids)}) limit ${from}) as e`.execute(db)
            ).rows[0]?.n,
          ) >= from
            ? 'merge'
            : 'lookup';
        searchPlanning.lastBoardJoin = join;
        const range = (id: number) => sql`(select posted_at, job_id from job_words
          where word_id = ${id} ${onEntries} and ${open} order by posted_at desc, job_id desc)`;
        const ranges = sql.join(
          [
            ...ids.map(range),
            ...(bits
              ? [
                  sql`(select posted_at, job_id from job_common_words where ${holding([bits])} ${onEntries}
                    and ${open} order by posted_at desc, job_id desc)`,
                ]
              : []),
          ],
          sql` union all `,
        );
        const matches = sql`select e.posted_at, e.job_id from (select distinct posted_at, job_id from (${ranges}) as r
            order by posted_at desc, job_id desc) as e
          join job_common_words as c on c.posted_at = e.posted_at and c.job_id = e.job_id
          where ${holding(bitsOnly)}`;
        pageOf = sql`select posted_at, job_id, null as n from (${matches}) as m
          order by posted_at desc, job_id desc limit ${limit} offset ${offset}`;
        count = counts(sql`select 1 from (${matches}) as m order by posted_at desc, job_id desc
          limit ${TOTAL_CAP + 1}`);
      } else {
        // Each keyword with entries: its words' jobs, and those holding its common words.
        const both = sql.join(
          entered.map(({ ids, bits }) => {
            const jobs = sql`select posted_at, job_id from job_words
              where word_id in (${sql.join(ids)}) ${onEntries} and ${open}`;
            return bits
              ? sql`select * from (${jobs} union all select posted_at, job_id from job_common_words
                  where ${holding([bits])} ${onEntries} and ${open}) as k`
              : jobs;
          }),
          sql` intersect `,
        );
        const eb = expressionBuilder<Database, 'jobs'>();
        // Keywords inside common words only are tested on the jobs' rows of bits, the others on their rows.
        const withBits = bitsOnly.length
          ? sql`select e.posted_at, e.job_id from (${both}) as e join job_common_words as c on c.job_id = e.job_id
              where ${holding(bitsOnly)}`
          : both;
        const matches = tested.length
          ? sql`select e.posted_at, e.job_id from (${withBits}) as e join jobs on jobs.id = e.job_id
              where ${eb.and(tested.map((text) => this.termMatches(eb, { kind: 'word', text })))}`
          : withBits;
        // Counted with the page; a page past the last match is counted alone. PostgreSQL reads the matches
        // once, whole, then counts and sorts them: with the page's LIMIT above a count over the window, it
        // took the count to stop early and walked the keyword's entries of every city in date order for the
        // state's (`wellness consult` in Karnataka: 4,857 of 48,477 entries kept, 36–39 against 24–27 ms).
        pageOf = pg
          ? sql`with m as materialized (${matches})
              select posted_at, job_id, (select count(*) from m) as n from m
              order by posted_at desc, job_id desc limit ${limit} offset ${offset}`
          : sql`select posted_at, job_id, count(*) over () as n from (${matches}) as m
              order by posted_at desc, job_id desc limit ${limit} offset ${offset}`;
        several = true;
        count = counts(sql`select 1 from (${matches}) as m limit ${TOTAL_CAP + 1}`);
      }
      const n = async (rows: { n: number | null }[]) =>
        !counted ? TOTAL_CAP + 1 : rows[0] && rows[0].n !== null ? Number(rows[0].n) : await count();
      if (pg) {
        // Across the board, the walks in date order as written, stopping at what is asked, in this
        // process: PostgreSQL, taking the rows of bits for rare, would rather read every one and sort
        // them, or start workers (20–35 ms) to walk them in parallel.
        // Several keywords in a place: no more matches than a fifth of its jobs, read in this process too.
        if (several) await localPlanSettings(db, { max_parallel_workers_per_gather: '0' });
        if (board)
          await localPlanSettings(db, {
            enable_sort: 'off',
            enable_hashagg: 'off',
            enable_hashjoin: 'off',
            max_parallel_workers_per_gather: '0',
            [join === 'lookup' ? 'enable_mergejoin' : 'enable_nestloop']: 'off',
          });
        const page = await sql<{ job_id: number; n: number | null }>`${pageOf}`.execute(db);
        return { ids: page.rows.map((r) => Number(r.job_id)), n: await n(page.rows) };
      }
      const all = listed.flatMap((k) => k.ids);
      // A state's places as read before: no other of its cities with open jobs (unless one city was
      // asked), and no other state with open jobs in its cities.
      const samePlaces =
        state === undefined
          ? sql`1`
          : sql`${
              city === undefined
                ? sql`not exists (select 1 from job_place_counts as p where p.state = ${state}
                    and p.city not in (${sql.join(cities!)}) and ${present('p')}) and`
                : sql``
            } not exists (select 1 from job_place_counts as o where o.city in (${sql.join(cities!)})
              and o.state <> ${state} and ${present('o')})`;
      const r = await sql<{
        still: number | null;
        places: number | null;
        posted_at: number | null;
        job_id: number | null;
        n: number | null;
      }>`
        select (select count(*) from job_word_list where id in (${sql.join(all)}) and common = 0) as still,
          ${samePlaces} as places, null as posted_at, null as job_id, null as n
        union all
        select null, null, p.posted_at, p.job_id, p.n from (${pageOf}) as p`.execute(db);
      if (Number(r.rows[0]?.still) !== new Set(all).size || !Number(r.rows[0]?.places)) return undefined;
      const rows = r.rows
        .slice(1)
        .sort((a, b) => Number(b.posted_at) - Number(a.posted_at) || Number(b.job_id) - Number(a.job_id));
      return { ids: rows.map((p) => Number(p.job_id)), n: await n(rows) };
    };
    return pg ? this.db.transaction().setIsolationLevel('repeatable read').execute(read) : read(this.db);
  }

  /**
   * A page in another order than newest first. Best paid first, with no words
   * to search, is read in order from the jobs_salary index. Otherwise the
   * newest SORT_WINDOW matches are read through the plan and put in order
   * here: nearest first (then newest), or best paid first (then newest).
   */
  private async sortedPageIds(
    q: JobsQuery,
    sort: 'nearest' | 'salary',
    plain: boolean,
    near: NearSpas | undefined,
    offset: number,
    limit: number,
  ): Promise<number[]> {
    if (sort === 'salary' && plain) {
      const rows = await q
        .select('jobs.id')
        .orderBy(sql`jobs.salary_min desc nulls last`)
        .orderBy('jobs.posted_at', 'desc')
        .orderBy('jobs.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.id);
    }
    const window = await this.pageIds(q, 0, SORT_WINDOW);
    if (!window.length) return [];
    const rows = await this.db
      .selectFrom('jobs')
      .select(['jobs.id', 'jobs.spa_id', 'jobs.salary_min', 'jobs.posted_at'])
      .where('jobs.id', 'in', window)
      .execute();
    const far = Number.POSITIVE_INFINITY;
    const key = (r: (typeof rows)[number]) =>
      sort === 'nearest' ? (near?.distance.get(Number(r.spa_id)) ?? far) : -(r.salary_min ?? -1);
    rows.sort(
      (a, b) => key(a) - key(b) || Number(b.posted_at) - Number(a.posted_at) || Number(b.id) - Number(a.id),
    );
    return rows.slice(offset, offset + limit).map((r) => Number(r.id));
  }

  /**
   * Open jobs by state, city and category, for estimating what a filter
   * leaves. Read in the background each minute; a search never waits for it
   * (the server makes the first read before it listens; until it arrives,
   * searches are estimated with the defaults), and a read that failed is not
   * tried again for a minute, so a slow database is never asked for the whole
   * grouping once per search.
   */
  private stats: { value: PlanStats; at: number } | undefined;
  /** When the words that have become common were last looked for (decision 64). */
  private commonWordsAt = Date.now();
  private statsLoading: Promise<void> | undefined;
  private statsRetryAt = 0;

  private planStats(): PlanStats {
    const now = Date.now();
    const stale = !this.stats || now - this.stats.at > 60_000;
    if (stale && !this.statsLoading && now >= this.statsRetryAt) {
      this.statsLoading = this.loadPlanStats()
        .then(
          (value) => void (this.stats = { value, at: Date.now() }),
          () => void (this.statsRetryAt = Date.now() + 60_000),
        )
        .finally(() => (this.statsLoading = undefined));
    }
    return this.stats?.value ?? UNKNOWN_STATS;
  }

  /**
   * Reads the planner's statistics now, waiting at most `ms` for them: the server does so once before it
   * takes requests, so that its first searches are planned with them rather than with the defaults (a word
   * with a pay floor, planned blind, walked every open job on PostgreSQL: 2.7 s against 0.2 s). Whether
   * they arrived in time; a read still going on is left to finish in the background.
   */
  async readPlanStats(ms: number): Promise<boolean> {
    this.planStats();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.statsLoading,
      new Promise<void>((done) => (timer = setTimeout(done, ms))),
    ]).finally(() => clearTimeout(timer));
    return this.stats !== undefined;
  }

  private async loadPlanStats(): Promise<PlanStats> {
    const out: PlanStats = {
      open: 0,
      city: new Map(),
      state: new Map(),
      category: new Map(),
      rows: [],
      words: NO_WORDS,
      quick: { pay: [], experience: [], jobs: [], sampled: 0, shares: new Map() },
    };
    // The newest open jobs' pay and experience, read in date order from the listing index that carries them,
    // counted by pair by the database.
    const newest = this.d.background
      .selectFrom('jobs')
      .where((eb) => activeJobFilter(eb, Date.now()))
      .select(['salary_min', 'experience_min'])
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(QUICK_SAMPLE)
      .as('s');
    for (const r of await this.d.background
      .selectFrom(newest)
      .select(['s.salary_min', 's.experience_min', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['s.salary_min', 's.experience_min'])
      .execute()) {
      out.quick.pay.push(r.salary_min);
      out.quick.experience.push(r.experience_min);
      out.quick.jobs.push(Number(r.n));
      out.quick.sampled += Number(r.n);
    }
    // Counted on the upkeep reader: a scan of every open job must not hold a visitor's search behind it.
    for (const r of await this.placeRows(this.d.background)) {
      const n = r.n;
      out.rows.push({ state: r.state, city: r.city, category: r.category, n });
      out.open += n;
      out.city.set(r.city, (out.city.get(r.city) ?? 0) + n);
      out.state.set(r.state, (out.state.get(r.state) ?? 0) + n);
      out.category.set(r.category, (out.category.get(r.category) ?? 0) + n);
    }
    // Last: SQLite's sample of words is drawn on the same upkeep thread, and the counts must not wait for it.
    out.words = await this.wordStatistics();
    // Words that have become common as the board grew stop being listed (decision 64).
    if (Date.now() - this.commonWordsAt > WORD_SAMPLE_MS) {
      this.commonWordsAt = Date.now();
      await markCommonJobWords(this.d.db, this.d.engine, out.open, undefined, this.d.background).catch(
        (err: unknown) => console.warn(`Common words were not marked: ${(err as Error).message}`),
      );
    }
    return out;
  }

  /**
   * The planner's statistics when they were counted at most SUMMARY_MAX_AGE_MS
   * ago (asked again in the background when a minute old); none otherwise, as
   * when the database has been away: what they say a search matches is not
   * taken from an old count.
   */
  private recentStats(): PlanStats | undefined {
    this.planStats();
    const stats = this.stats;
    return stats && Date.now() - stats.at <= SUMMARY_MAX_AGE_MS ? stats.value : undefined;
  }

  /**
   * SQLite, a listing without words filtered by pay or experience (decision 46): newest first, its
   * filters' index is walked in date order with both tested on the entries, unless the lowest pay asked
   * is offered by fewer than QUICK_FEW_PAID open jobs (counted on jobs_salary, up to that many): the walk
   * would then pass over most open jobs to find them, and those few are read from an index ordered by pay
   * instead (the city's, the category's or jobs_salary), as they are for best paid first.
   */
  private async quickFilters(f: SearchFilters, sort: JobSort): Promise<QuickFilters | undefined> {
    if (this.d.engine !== 'sqlite' || f.spaIds || !rowFilters(f)) return undefined;
    let quick: QuickFilters | undefined;
    // Best paid first reads an index in pay order, which carries the experience asked (migration 0031), and
    // a city or a category; only a state, without a pay to narrow it, is left to the walk and its sort.
    if (sort !== 'newest') quick = f.salaryMin || f.city || f.category || !f.state ? 'paid' : undefined;
    else if (!f.salaryMin) quick = 'walk';
    else quick = (await this.fewPaid(f)) === undefined ? 'walk' : 'paid';
    searchPlanning.lastQuick = quick;
    return quick;
  }

  /**
   * SQLite: how many open jobs pay at least the lowest pay asked, when fewer than QUICK_FEW_PAID do
   * (counted on jobs_salary up to that many, ≤ 2 ms at 1,000,000 jobs); undefined when more do, or no pay
   * is asked.
   */
  private async fewPaid(f: SearchFilters): Promise<number | undefined> {
    if (this.d.engine !== 'sqlite' || !f.salaryMin) return undefined;
    const few = searchPlanning.quickFewPaid;
    const r = await sql<{ n: number }>`select count(*) as n from (
        select 1 from jobs indexed by jobs_salary where is_active = 1 and salary_min >= ${f.salaryMin}
        limit ${few}) as m`.execute(this.db);
    const n = Number(r.rows[0]?.n ?? 0);
    return n < few ? n : undefined;
  }

  /**
   * Whether the last summary counted at least SUMMARY_PAST_CAP open jobs for
   * a listing filtered by nothing but city, state and category. Its rows are
   * counts of each state, city and category, so the sum is exact as of then.
   */
  private pastCapBySummary(f: SearchFilters): boolean {
    if (f.postedDate || rowFilters(f)) return false;
    const stats = this.recentStats();
    if (!stats) return false;
    let n = 0;
    for (const r of stats.rows) {
      if (f.city && r.city !== f.city) continue;
      if (f.state && r.state !== f.state) continue;
      if (f.category && r.category !== f.category) continue;
      n += r.n;
    }
    return n >= searchPlanning.summaryPastCap;
  }

  /**
   * The open jobs of a listing filtered by no more than city, state and category, up to the cap and one
   * more, from job_place_counts (decision 73): the sum of its rows that hold now, and, for each row that
   * has passed its time (one of its jobs expired since it was counted), its jobs counted in the index
   * (`placeCounted`). Undefined for any other listing, or when more than STALE_PLACES rows have passed.
   */
  private async placeCount(f: SearchFilters, now: number): Promise<number | undefined> {
    if (!searchPlanning.placeCounts || f.postedDate || rowFilters(f)) return undefined;
    let q = this.db
      .selectFrom('job_place_counts')
      .select(['state', 'city', 'category', 'open_jobs', 'open_jobs_from', 'open_jobs_until']);
    if (f.state) q = q.where('state', '=', f.state);
    if (f.city) q = q.where('city', '=', f.city);
    if (f.category) q = q.where('category', '=', f.category);
    const rows = await q.execute();
    let n = 0;
    const stale: Place[] = [];
    for (const r of rows) {
      if (placeHolds(r, now)) n += Number(r.open_jobs);
      else stale.push(r);
    }
    if (n <= TOTAL_CAP && stale.length) {
      if (stale.length > STALE_PLACES) return undefined;
      const counted = await Promise.all(
        stale.map((p) => this.placeCounted(this.db, p, now, TOTAL_CAP + 1 - n)),
      );
      for (const c of counted) n += c;
    }
    searchPlanning.fromPlaceCounts++;
    return Math.min(n, TOTAL_CAP + 1);
  }

  /** A place's open jobs now (up to `limit`), counted in the filters' index of city and category. */
  private async placeCounted(db: Kysely<Database>, p: Place, now: number, limit?: number): Promise<number> {
    let q = db
      .selectFrom('jobs')
      .select(sql.lit(1).as('one'))
      .where((eb) => activeJobFilter(eb, now))
      .where('jobs.state', '=', p.state)
      .where('jobs.city', '=', p.city)
      .where('jobs.category', '=', p.category);
    if (limit !== undefined) q = q.limit(limit);
    const r = await db
      .selectFrom(q.as('m'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * Every state, city and category with open jobs, and how many (the summary's rows): from
   * job_place_counts, the rows that have passed their time counted in the jobs' index; by a count of
   * every open job when more than STALE_PLACES have (as after a pause of the server, until its recount).
   */
  private async placeRows(db = this.db, now = Date.now()): Promise<PlaceCount[]> {
    if (!searchPlanning.placeCounts) return this.summaryRows(db, now);
    const rows = await db
      .selectFrom('job_place_counts')
      .select(['state', 'city', 'category', 'open_jobs', 'open_jobs_from', 'open_jobs_until'])
      .orderBy('state')
      .orderBy('city')
      .orderBy('category')
      .execute();
    const stale = rows.filter((r) => !placeHolds(r, now));
    if (stale.length > STALE_PLACES) return this.summaryRows(db, now);
    const counted = new Map<Place, number>();
    for (const p of stale) counted.set(p, await this.placeCounted(db, p, now));
    return rows
      .map((r) => ({
        state: r.state,
        city: r.city,
        category: r.category,
        n: counted.get(r) ?? Number(r.open_jobs),
      }))
      .filter((r) => r.n > 0);
  }

  /**
   * Counts again, as of `now`, up to RECOUNT_BATCH rows of job_place_counts whose time has passed
   * (decision 73), and returns how many; the server runs it each minute until none are due. PostgreSQL
   * locks the rows first, in key order, skipping any that a write of their jobs holds (counted at the
   * next run), and counts in a statement of its own that sees every job committed before.
   */
  async recountPlaces(now = Date.now()): Promise<number> {
    const open = this.primary
      .selectFrom('jobs')
      .select((eb) => [
        eb.fn.countAll().as('n'),
        sql`cast(${now} as bigint)`.as('from'),
        eb.fn.min('jobs.expires_at').as('until'),
      ])
      .where('jobs.state', '=', sql.ref<string>('job_place_counts.state'))
      .where('jobs.city', '=', sql.ref<string>('job_place_counts.city'))
      .where('jobs.category', '=', sql.ref<string>('job_place_counts.category'))
      .where((w) => activeJobFilter(w, now));
    const recount = (places: Expression<unknown>) =>
      sql`update job_place_counts set (open_jobs, open_jobs_from, open_jobs_until) = ${open}
        where (state, city, category) in ${places}`;
    if (this.d.engine === 'sqlite') {
      const r = await recount(
        this.primary
          .selectFrom('job_place_counts')
          .select(['state', 'city', 'category'])
          .where('open_jobs_until', '<=', now)
          .limit(SQLITE_RECOUNT_BATCH),
      ).execute(this.primary);
      return Number(r.numAffectedRows ?? 0);
    }
    return this.primary.transaction().execute(async (tx) => {
      const due = await tx
        .selectFrom('job_place_counts')
        .select(['state', 'city', 'category'])
        .where('open_jobs_until', '<=', now)
        .orderBy('state')
        .orderBy('city')
        .orderBy('category')
        .limit(RECOUNT_BATCH)
        .forNoKeyUpdate()
        .skipLocked()
        .execute();
      if (!due.length) return 0;
      await recount(sql`(${sql.join(due.map((p) => sql`(${p.state}, ${p.city}, ${p.category})`))})`).execute(
        tx,
      );
      return due.length;
    });
  }

  /**
   * The words most jobs hold, and the share of jobs holding each: on
   * PostgreSQL as ANALYZE last found them (migration 0019), none before the
   * first ANALYZE or where the statistics cannot be read (the searches are
   * then counted); on SQLite from a sample of the open jobs (sampledWords).
   */
  private async wordStatistics(): Promise<PlanStats['words']> {
    const words: PlanStats['words'] = { search: [], title: [], titles: [] };
    if (this.d.engine === 'sqlite') return this.sampledWords();
    // Statistics that cannot be read (an older server, another owner's tables) leave the summary standing.
    const r = await sql<{ name: string; elems: string[] | null; freqs: number[] | null }>`
      select statistics_name as name, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
      from pg_stats_ext_exprs
      where statistics_schemaname = current_schema()
        and statistics_name in ('jobs_search_words', 'jobs_title_words')
      union all
      select 'titles', most_common_vals::text::text[], most_common_freqs
      from pg_stats
      where schemaname = current_schema() and tablename = 'jobs' and attname = 'title'`
      .execute(this.db)
      .catch(() => ({ rows: [] }));
    for (const row of r.rows) {
      const shares: WordShare[] = (row.elems ?? []).map((w, i) => [
        w.toLowerCase(),
        Number(row.freqs?.[i] ?? 0),
      ]);
      if (row.name === 'jobs_search_words') words.search = shares;
      else if (row.name === 'jobs_title_words') words.title = shares;
      else words.titles = shares;
    }
    return words;
  }

  /**
   * SQLite: the words of WORD_SAMPLE open jobs drawn at random (every open
   * job when there are no more ids than that), counted by `job_word_sample`
   * on the upkeep's read thread (decision 61): what ANALYZE keeps on
   * PostgreSQL. The last sample is given at once, and one WORD_SAMPLE_MS old
   * is drawn again in the background: a first sample read from a cold disk
   * (11 s at 1,000,000 jobs) holds up neither the other statistics nor a
   * search. Until one arrives searches are counted; when drawing fails, the
   * last words stand until the next.
   */
  private sample: { words: PlanStats['words']; at: number } | undefined;
  private sampling: Promise<void> | undefined;

  private sampledWords(): PlanStats['words'] {
    const now = Date.now();
    if (!this.sampling && (!this.sample || now - this.sample.at >= WORD_SAMPLE_MS)) {
      this.sampling = this.drawWords(now)
        .then(
          (words) => void (this.sample = { words, at: now }),
          () => void (this.sample = { words: this.sample?.words ?? NO_WORDS, at: now }),
        )
        .finally(() => (this.sampling = undefined));
    }
    return this.sample?.words ?? NO_WORDS;
  }

  private async drawWords(now: number): Promise<PlanStats['words']> {
    const db = this.d.background;
    const top = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.max('jobs.id').as('id'))
      .executeTakeFirst();
    const ids = Number(top?.id ?? 0);
    const wanted = searchPlanning.wordSample;
    // Blocks of WORD_SAMPLE_BLOCK consecutive ids drawn at random, each once: a few scattered reads of
    // the table, each followed by its neighbours, rather than one read for each job drawn. Drawn job by
    // job from a file the system no longer kept in memory, 10,000 reads queued behind the visitors' own
    // for 10 to 50 s. Ids of closed or removed jobs draw nothing.
    const blocks = Math.ceil(ids / WORD_SAMPLE_BLOCK);
    const draws = Math.max(1, Math.round(wanted / WORD_SAMPLE_BLOCK));
    const open = activeJobFilter(expressionBuilder<Database, 'jobs'>(), now);
    const counted = sql<string | null>`job_word_sample(jobs.title, jobs.spa_name, jobs.description)`;
    const r = (
      ids <= wanted
        ? await sql<{ sample: string | null }>`select ${counted} as sample from jobs where ${open}`.execute(
            db,
          )
        : await sql<{ sample: string | null }>`
            with recursive draw(i) as (select 1 union all select i + 1 from draw where i < ${draws}),
              picked(b) as (select distinct (random() % ${blocks} + ${blocks}) % ${blocks} from draw)
            select ${counted} as sample from picked cross join jobs
            where jobs.id >= picked.b * ${WORD_SAMPLE_BLOCK} and jobs.id < (picked.b + 1) * ${WORD_SAMPLE_BLOCK}
              and ${open}`.execute(db)
    ).rows[0];
    const sample = JSON.parse(r?.sample ?? 'null') as (PlanStats['words'] & { jobs: number }) | null;
    searchPlanning.sampledJobs = sample?.jobs ?? 0;
    return sample?.jobs ? { search: sample.search, title: sample.title, titles: sample.titles } : NO_WORDS;
  }

  /**
   * Whether more than WORDS_PAST_CAP open jobs hold every word of the
   * search by the word statistics (PostgreSQL's last ANALYZE, SQLite's
   * sample), with no filter but the words (decisions 35 and 61). A job holding a word that contains the search's
   * word matches it, so the commonest such word's share is at least the
   * word's own; jobs holding every word are at least the sum of those shares
   * less one for each word past the first. A job whose title holds every word
   * matches too, so the shares of the common titles that do are another
   * bound. The shares are of a sample, so the threshold is twice the cap;
   * only a recent count of open jobs is used.
   */
  private pastCapByWords(f: SearchFilters, terms: TextTerm[]): boolean {
    if (!this.walksTextIndex(f) || f.postedDate || rowFilters(f)) return false;
    const stats = this.recentStats();
    if (!stats) return false;
    // SQLite's sample is read as it stands, not as it stood when the other statistics were read.
    const words = this.d.engine === 'sqlite' ? this.sampledWords() : stats.words;
    let share = 1;
    for (const t of terms) {
      // Text whose case folds alike in JavaScript and PostgreSQL (ASCII, or a script without case).
      if (t.kind === 'spa' || !isIndexable(t.text) || !caseAgrees(t.text)) return false;
      share -= 1 - this.heldShare(words, t);
    }
    // Each job has one title: the shares of different titles add up.
    let titled = 0;
    for (const [title, s] of words.titles)
      if (terms.every((t) => title.includes(t.text.toLowerCase()))) titled += s;
    return Math.max(share, titled) * stats.open >= searchPlanning.wordsPastCap;
  }

  /**
   * At least the share of jobs holding a term, by the word statistics: the
   * commonest word that contains it. Nothing is known of a spa-name term, a
   * term of several words (a title such as "nail techn": no one word holds
   * it), or one whose case may fold otherwise in PostgreSQL.
   */
  private heldShare(words: PlanStats['words'], t: TextTerm): number {
    const word = t.text.toLowerCase();
    if (t.kind === 'spa' || !oneWord(word) || !caseAgrees(word)) return 0;
    let held = 0;
    for (const [w, s] of words[t.kind === 'word' ? 'search' : 'title'])
      if (s > held && w.includes(word)) held = s;
    return held;
  }

  /**
   * PostgreSQL, a walk with filters: whether the words' trigram bitmaps would
   * hold more than TRIGRAM_PER_FILTER_ROW times the jobs the filters leave
   * (by the word statistics). Intersecting them with the filters' index then
   * costs more than testing the words on each of the filters' jobs:
   * `therapist` in Kochi read 606,000 trigram entries in 226 ms where the
   * city's 30,000 jobs, each tested, took 85 ms in all.
   */
  private wordsOutweighFilters(f: SearchFilters, terms: TextTerm[]): boolean {
    if (this.d.engine !== 'postgres') return false;
    const stats = this.planStats();
    const inFilter = Math.max(1, this.filterShare(f, stats) * stats.open);
    let entries = 0;
    for (const t of terms) entries += this.heldShare(stats.words, t) * stats.open;
    const outweigh = entries > TRIGRAM_PER_FILTER_ROW * inFilter;
    if (outweigh) searchPlanning.filtersFirst++;
    return outweigh;
  }

  /** The share of open jobs that the non-text filters leave, taking them as independent. */
  private filterShare(f: SearchFilters, s: PlanStats): number {
    const open = Math.max(1, s.open);
    const known = s !== UNKNOWN_STATS;
    let share = 1;
    if (f.city) share *= known ? (s.city.get(f.city) ?? 0) / open : 0.03;
    else if (f.state) share *= known ? (s.state.get(f.state) ?? 0) / open : 0.1;
    if (f.category) share *= known ? (s.category.get(f.category) ?? 0) / open : 0.1;
    if (f.postedDate) share *= Math.min(1, Math.max(1, (Date.now() - postedSince(f.postedDate)) / DAY) / 90);
    // About ten open jobs a spa.
    if (f.spaIds) share *= Math.min(1, (f.spaIds.length * 10) / open);
    return share * this.quickShare(f, s);
  }

  /**
   * The share of open jobs that the quick filters keep, pay and experience together, among the newest
   * QUICK_SAMPLE (a walk's own order); one in three while none are known. Kept per filter for the
   * statistics' life.
   */
  private quickShare(f: SearchFilters, s: PlanStats): number {
    if (!quickFiltered(f)) return 1;
    const { pay, experience, jobs, sampled, shares } = s.quick;
    if (!sampled) return 1 / 3;
    const key = `${f.salaryMin ?? ''}/${f.experience ?? ''}`;
    const known = shares.get(key);
    if (known !== undefined) return known;
    let kept = 0;
    for (let i = 0; i < pay.length; i++) {
      if (f.salaryMin && (pay[i] ?? -1) < f.salaryMin) continue;
      const e = experience[i];
      if (f.experience !== undefined && e !== null && e !== undefined && e > f.experience) continue;
      kept += jobs[i] ?? 0;
    }
    // None kept in the sample: rarer than it can show.
    const share = Math.max(kept, 0.5) / sampled;
    if (shares.size < 1_000) shares.set(key, share);
    return share;
  }

  /**
   * What a walk costs, `walked` being the filters' jobs it tests: each tested as walkEntryCost says, and the
   * entries between them that the quick filters leave out passed over (they are in no index's order).
   */
  private walkCost(
    f: SearchFilters,
    terms: TextTerm[],
    walked: number,
    costs: WalkCosts,
    stats: PlanStats,
    signedPass = 1,
  ): number {
    const passed = walked * (1 / this.quickShare(f, stats) - 1);
    return walked * this.walkEntryCost(f, terms, costs, signedPass) + passed * costs.skip;
  }

  /** Full rows with their spa for a page of ids, in the order given. */
  private async byIds(ids: number[], now: number): Promise<Job[]> {
    if (!ids.length) return [];
    const rows = (await prepared(
      this.db
        .selectFrom('jobs')
        .innerJoin('spas', 'spas.id', 'jobs.spa_id')
        .selectAll('jobs')
        .select(SPA_OF_JOB)
        .where('jobs.id', 'in', ids),
    ).execute()) as JobWithSpa[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toJob(r, now)] : [];
    });
  }

  private async page(f: JobFilters, page: number, limit: number, now: number): Promise<Job[]> {
    const ids = await this.base(f, now)
      .select('jobs.id')
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return this.byIds(
      ids.map((r) => r.id),
      now,
    );
  }

  /** Every open job matching the non-text filters, counted exactly (site totals, cached by the caller). */
  async count(f: Omit<JobFilters, 'q' | 'title' | 'spa'>): Promise<number> {
    const r = await this.base(f, Date.now())
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Every open job, from job_place_counts (decision 73). */
  async countOpen(): Promise<number> {
    return (await this.placeRows()).reduce((sum, r) => sum + r.n, 0);
  }

  async recent(page: number, limit: number): Promise<Job[]> {
    return this.page({}, page, limit, Date.now());
  }

  /**
   * Open jobs of a job's category in its city, newest first, without it: what a closed job's page offers
   * instead. Only the page is read (no count), so it costs as little as the listing's first page.
   */
  async similar(job: Pick<Job, '_id' | 'category' | 'city' | 'state'>, limit: number): Promise<Job[]> {
    const found = await this.page(
      { category: job.category, city: job.city, state: job.state },
      1,
      limit + 1,
      Date.now(),
    );
    return found.filter((j) => j._id !== job._id).slice(0, limit);
  }

  async forSpa(spaId: number, limit = 50): Promise<Job[]> {
    const now = Date.now();
    const ids = await this.db
      .selectFrom('jobs')
      .select('jobs.id')
      .where('jobs.spa_id', '=', spaId)
      .where((eb) => activeJobFilter(eb, now, true))
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(limit)
      .execute();
    return this.byIds(
      ids.map((r) => r.id),
      now,
    );
  }

  /**
   * Views are counted in memory and written once a second (flushViews), a
   * slice of jobs per statement, so that a popular job page is a read, not a
   * write per visit. At most a second of counts is lost if the process dies.
   */
  private pendingViews = new Map<number, number>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** The flush being written: flushes run one after another, never side by side on the same rows. */
  private flushing: Promise<void> = Promise.resolve();

  countView(id: number): void {
    this.pendingViews.set(id, (this.pendingViews.get(id) ?? 0) + 1);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      void this.flushViews().catch(() => undefined);
    }, 1000).unref();
  }

  flushViews(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const run = this.flushing.catch(() => undefined).then(() => this.writeViews());
    this.flushing = run;
    return run;
  }

  private async writeViews(): Promise<void> {
    if (!this.pendingViews.size) return;
    // In id order, so that instances flushing at the same moment lock rows in the same order.
    const views = [...this.pendingViews].sort((a, b) => a[0] - b[0]);
    this.pendingViews.clear();
    // A second of visits to random jobs is thousands of rows. They are written a slice at a time, one
    // statement each, and other requests are served between slices: on SQLite a write runs on the API's
    // thread, and the whole second's writes at once held it for a tenth of a second and more.
    for (let at = 0; at < views.length; at += VIEW_SLICE) {
      const slice = views.slice(at, at + VIEW_SLICE);
      try {
        if (at > 0) await new Promise((resolve) => setImmediate(resolve));
        const counts = sql.join(
          slice.map(([id, n]) => sql`when ${id} then ${n}`),
          sql` `,
        );
        const ids = sql.join(slice.map(([id]) => id));
        await sql`update jobs set views = views + case id ${counts} else 0 end where id in (${ids})`.execute(
          this.primary,
        );
      } catch (err) {
        // Put back what was not written, for the next flush, rather than lose it.
        for (const [id, n] of views.slice(at))
          this.pendingViews.set(id, (this.pendingViews.get(id) ?? 0) + n);
        throw err;
      }
    }
  }

  /** The job, open or not (an applicant may follow an old link); null if unknown. */
  async findById(id: number, { countView = false } = {}): Promise<Job | null> {
    const row = (await this.byIdQuery.execute(this.d.point, id)).rows[0];
    if (!row) return null;
    if (countView) this.countView(id);
    const job = toJob(row);
    job.views += this.pendingViews.get(id) ?? 0;
    return job;
  }

  /**
   * What a job's page says about it beyond the job itself (its head, share
   * tags and JobPosting data): its numbers and its spa's address and logo,
   * in one read. Null if unknown.
   */
  async findForPage(id: number): Promise<JobPageFacts | null> {
    const row = (await this.pageQuery.execute(this.d.point, id)).rows[0];
    if (!row) return null;
    return {
      job: toJob(row),
      salaryMin: row.salary_min === null ? null : Number(row.salary_min),
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
      spa: {
        logo: row.spa_logo,
        website: row.spa_website,
        streetAddress: row.spa_address_line,
        city: row.spa_city,
        state: row.spa_state,
        pincode: row.spa_pincode,
      },
    };
  }

  /**
   * The sitemap's job files: open jobs grouped by id range (`pageSize` ids a
   * file, so no file lists more), each with its count and newest posting.
   * One grouped scan of the open jobs' index; only the groups are kept.
   */
  async sitemapGroups(pageSize: number): Promise<{ group: number; count: number; lastmod: number }[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .where((eb) => activeJobFilter(eb, Date.now()))
      .select([
        sql<number>`jobs.id / ${sql.lit(pageSize)}`.as('grp'),
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.max('jobs.posted_at').as('lastmod'),
      ])
      .groupBy(sql`jobs.id / ${sql.lit(pageSize)}`)
      .orderBy('grp')
      .execute();
    return rows.map((r) => ({ group: Number(r.grp), count: Number(r.n), lastmod: Number(r.lastmod) }));
  }

  /** Open jobs with `after < id < before`, by id, at most `limit` of them: one keyset step of a sitemap file. */
  async sitemapChunk(
    after: number,
    before: number,
    limit: number,
  ): Promise<{ id: number; lastmod: number }[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .where((eb) => activeJobFilter(eb, Date.now()))
      .where('jobs.id', '>', after)
      .where('jobs.id', '<', before)
      .select(['jobs.id', 'jobs.posted_at'])
      .orderBy('jobs.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: Number(r.id), lastmod: Number(r.posted_at) }));
  }

  /** Asked just before an application is written: read where it will be written. */
  async isOpen(id: number): Promise<boolean> {
    const row = await this.primary
      .selectFrom('jobs')
      .select('id')
      .where('id', '=', id)
      .where((eb) => activeJobFilter(eb, Date.now(), true))
      .executeTakeFirst();
    return !!row;
  }

  /** Every open job, counted by state, city and category in one grouped scan. */
  private async summaryRows(db = this.db, now = Date.now()): Promise<PlaceCount[]> {
    const rows = await db
      .selectFrom('jobs')
      .where((eb) => activeJobFilter(eb, now))
      .select(['state', 'city', 'category', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['state', 'city', 'category'])
      .execute();
    return rows.map((r) => ({ state: r.state, city: r.city, category: r.category, n: Number(r.n) }));
  }

  /** The open jobs by state, city and category give all four summaries. */
  async summary(): Promise<Omit<JobSummary, 'success'>> {
    const rows = await this.placeRows();
    const byCity = new Map<string, number>();
    const byState = new Map<string, number>();
    const byCategory = new Map<string, number>();
    const byCityState = new Map<
      string,
      { city: string; state: string; totalJobs: number; categories: Set<string> }
    >();
    for (const r of rows) {
      const n = Number(r.n);
      byCity.set(r.city, (byCity.get(r.city) ?? 0) + n);
      byState.set(r.state, (byState.get(r.state) ?? 0) + n);
      byCategory.set(r.category, (byCategory.get(r.category) ?? 0) + n);
      const key = `${r.city}\u0000${r.state}`;
      const cs = byCityState.get(key) ?? {
        city: r.city,
        state: r.state,
        totalJobs: 0,
        categories: new Set(),
      };
      cs.totalJobs += n;
      cs.categories.add(r.category);
      byCityState.set(key, cs);
    }
    const desc = <T extends { totalJobs: number }>(a: T, b: T) => b.totalJobs - a.totalJobs;
    return {
      byCity: [...byCity].map(([city, totalJobs]) => ({ city, totalJobs })).sort(desc),
      byState: [...byState].map(([state, totalJobs]) => ({ state, totalJobs })).sort(desc),
      byCategory: [...byCategory].map(([category, totalJobs]) => ({ category, totalJobs })).sort(desc),
      byCityState: [...byCityState.values()]
        .map((cs) => ({ ...cs, categories: [...cs.categories].sort() }))
        .sort(desc),
    };
  }
}
