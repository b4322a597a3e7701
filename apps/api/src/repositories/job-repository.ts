import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { TOTAL_CAP } from '@spajobs/contract/common';
import type { Job, JobListQuery, JobSummary } from '@spajobs/contract/job';
import type { Db } from '../db/database.ts';
import type { Database, JobRow } from '../db/schema.ts';
import {
  containsText,
  isIndexable,
  jobTextCandidates,
  trigramsOf,
  keywordWords,
  likePattern,
} from '../db/text-search.ts';
import { TtlCache } from '../lib/ttl-cache.ts';

const DAY = 86_400_000;
/** A job counts as new for a week after it is posted. */
const NEW_FOR_MS = 7 * DAY;
/** India is UTC+5:30 all year: a posted-date filter means midnight there. */
const IST_OFFSET = '+05:30';

/** Open to applicants: active and not expired. */
export function activeJobFilter(eb: ExpressionBuilder<Database, 'jobs'>, now: number) {
  return eb.and([
    eb('jobs.is_active', '=', 1),
    eb.or([eb('jobs.expires_at', 'is', null), eb('jobs.expires_at', '>', now)]),
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

type Plan =
  | { kind: 'all' }
  | { kind: 'walk' }
  | { kind: 'window'; rows: number }
  | { kind: 'index'; driver: TextTerm; trigrams: string[] };

interface PlanStats {
  open: number;
  city: Map<string, number>;
  state: Map<string, number>;
  category: Map<string, number>;
}

/** Until the first count arrives: a board of a million open jobs, and typical shares for filters. */
const UNKNOWN_STATS: PlanStats = { open: 1_000_000, city: new Map(), state: new Map(), category: new Map() };

export interface JobPage {
  data: Job[];
  total: number;
  totalCapped: boolean;
}

/** A one- or two-character search reads at most this many of the newest matching jobs. */
export const SHORT_TEXT_WINDOW = 10_000;
/** Trigrams are counted up to this many rows; one held by more is common. */
const TRIGRAM_CAP = 20_000;
/**
 * PostgreSQL reads each candidate's row to confirm it (the trigram index is
 * lossy), so it counts fewer before calling a term common.
 */
const PG_ESTIMATE_CAP = 5_000;
/** Candidates checked row by row to learn how many really match. */
const SAMPLE_CANDIDATES = 20_000;
/** The check stops after this many real matches: the word is common. */
const SAMPLE_MATCHES = 500;
/** A term's candidates are counted up to this many when choosing a plan. */
const ESTIMATE_CAP = 200_000;
/** Reading one candidate from the index, relative to testing one job on a walk (about a microsecond). */
const CANDIDATE_COST = 0.7;

/** The text index's columns that a term searches. */
const ftsColumns = (t: TextTerm): ('title' | 'description' | 'spa_name')[] =>
  t.kind === 'title' ? ['title'] : t.kind === 'spa' ? ['spa_name'] : ['title', 'description', 'spa_name'];

const postedSince = (date: string) => Date.parse(`${date}T00:00:00${IST_OFFSET}`);

export class JobRepository {
  constructor(private readonly d: Db) {}

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

  /** The exact test of one text term on a job row. */
  private termMatches(eb: ExpressionBuilder<Database, 'jobs'>, t: TextTerm) {
    const { engine } = this.d;
    // PostgreSQL keeps the spa's name on each job (migration 0004); SQLite looks up the job's spa.
    const spaName = () =>
      engine === 'postgres'
        ? containsText(engine, 'jobs.spa_name', t.text)
        : eb.exists(
            eb
              .selectFrom('spas')
              .select(sql<number>`1`.as('one'))
              .whereRef('spas.id', '=', 'jobs.spa_id')
              .where(containsText(engine, 'spas.name', t.text)),
          );
    if (t.kind === 'title') return containsText(engine, 'jobs.title', t.text);
    if (t.kind === 'spa') return spaName();
    return eb.or([
      containsText(engine, 'jobs.title', t.text),
      containsText(engine, 'jobs.description', t.text),
      spaName(),
    ]);
  }

  /** Open jobs matching the filters other than text, on the jobs table alone. */
  private base(f: SearchFilters, now: number, from: JobsQuery = this.db.selectFrom('jobs')): JobsQuery {
    let q = from.where((eb) => activeJobFilter(eb, now));
    if (f.category) q = q.where('jobs.category', '=', f.category);
    if (f.state) q = q.where('jobs.state', '=', f.state);
    if (f.city) q = q.where('jobs.city', '=', f.city);
    if (f.postedDate) q = q.where('jobs.posted_at', '>=', postedSince(f.postedDate));
    if (f.salaryMin) q = q.where('jobs.salary_min', '>=', f.salaryMin);
    if (f.experience !== undefined) {
      // A job that does not say how much experience it wants is open to everyone.
      const years = f.experience;
      q = q.where((eb) =>
        eb.or([eb('jobs.experience_min', 'is', null), eb('jobs.experience_min', '<=', years)]),
      );
    }
    // Near a place: the jobs of the spas found near it (read through jobs_spa_active).
    if (f.spaIds) q = q.where('jobs.spa_id', 'in', f.spaIds.length ? f.spaIds : [-1]);
    return q;
  }

  /**
   * Ids of jobs that may match a text term, from the text index: on SQLite
   * the jobs holding the chosen trigrams (a superset, checked row by row
   * later); on PostgreSQL the exact matches, through the pg_trgm indexes.
   */
  private candidates(t: TextTerm, trigrams: string[]) {
    if (this.d.engine === 'sqlite') return jobTextCandidates(trigrams, ftsColumns(t));
    const p = likePattern(t.text);
    const where = (column: string) =>
      sql`select jobs.id from jobs where ${sql.ref(column)} ilike ${p} escape '\\'`;
    if (t.kind === 'title') return where('jobs.title');
    if (t.kind === 'spa') return where('jobs.spa_name');
    return sql`${where('jobs.title')} union ${where('jobs.description')} union ${where('jobs.spa_name')}`;
  }

  /**
   * How many rows of the text index hold a trigram, counted up to
   * TRIGRAM_CAP: planner statistics, kept for a few minutes.
   */
  private trigramStats = new TtlCache(5 * 60_000, 60 * 60_000);

  private trigramCount(t: TextTerm, trigram: string): Promise<number> {
    const columns = ftsColumns(t);
    return this.trigramStats.get(`${columns.join('+')}:${trigram}`, async () => {
      const c = jobTextCandidates([trigram], columns);
      const r = await sql<{ n: number }>`select count(*) as n from (${c} limit ${TRIGRAM_CAP}) as c`.execute(
        this.db,
      );
      return Number(r.rows[0]?.n ?? 0);
    });
  }

  /**
   * The term's rarest trigrams (up to four), and about how many jobs hold
   * them all (counted from the index, up to ESTIMATE_CAP): an upper bound of
   * the term's matches.
   */
  private async rarest(t: TextTerm): Promise<{ t: TextTerm; trigrams: string[]; n: number }> {
    if (this.d.engine === 'postgres') {
      // The trigram index gives the exact matches; count them up to a cap.
      const r = await sql<{
        n: number;
      }>`select count(*) as n from (${this.candidates(t, [])} limit ${PG_ESTIMATE_CAP}) as c`.execute(
        this.db,
      );
      return { t, trigrams: [], n: Number(r.rows[0]?.n ?? 0) };
    }
    const counted = await Promise.all(
      trigramsOf(t.text).map(async (g) => ({ g, n: await this.trigramCount(t, g) })),
    );
    counted.sort((a, b) => a.n - b.n);
    const trigrams = counted
      .filter((c, i) => i < 2 || c.n < TRIGRAM_CAP)
      .slice(0, 4)
      .map((c) => c.g);
    if ((counted[0]?.n ?? 0) < TRIGRAM_CAP && trigrams.length === 1)
      return { t, trigrams, n: counted[0]?.n ?? 0 };
    const r = await sql<{
      n: number;
    }>`select count(*) as n from (${this.candidates(t, trigrams)} limit ${ESTIMATE_CAP}) as c`.execute(
      this.db,
    );
    return { t, trigrams, n: Number(r.rows[0]?.n ?? 0) };
  }

  /** The jobs a plan reads, before ordering and paging. */
  private planned(f: JobFilters, terms: TextTerm[], plan: Plan, now: number): JobsQuery {
    const matchAll = (q: JobsQuery) =>
      terms.length ? q.where((eb) => eb.and(terms.map((t) => this.termMatches(eb, t)))) : q;
    if (plan.kind === 'index' && this.d.engine === 'postgres') {
      // The candidates are exact matches of the driving term; OFFSET 0 keeps PostgreSQL from
      // walking the date order to meet a LIMIT: it reads the few candidates first.
      const others = terms.filter((t) => t !== plan.driver);
      const matched = this.base(f, now)
        .where(sql<SqlBool>`jobs.id in (${this.candidates(plan.driver, [])})`)
        .where((eb) => eb.and(others.map((t) => this.termMatches(eb, t))));
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
    if (plan.kind === 'window') {
      // Only the newest jobs of the other filters are tested, never all of them.
      if (terms.every((t) => t.kind === 'title')) {
        // Titles alone are tested on the index that gives the order, without reading the jobs.
        return this.db
          .selectFrom(
            this.base(f, now)
              .select(['jobs.id', 'jobs.title', 'jobs.posted_at'])
              .orderBy('jobs.posted_at', 'desc')
              .orderBy('jobs.id', 'desc')
              .limit(plan.rows)
              .as('jobs'),
          )
          .where((eb) =>
            eb.and(terms.map((t) => containsText(this.d.engine, 'jobs.title', t.text))),
          ) as unknown as JobsQuery;
      }
      const from = this.db
        .selectFrom(this.newest(f, now, plan.rows).as('w'))
        .crossJoin('jobs')
        .whereRef('jobs.id', '=', 'w.id') as unknown as JobsQuery;
      return matchAll(from);
    }
    return matchAll(this.base(f, now));
  }

  private newest(f: JobFilters, now: number, rows: number) {
    return this.base(f, now)
      .select('jobs.id')
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(rows);
  }

  /**
   * Real matches (the filters and the exact text test) among the first
   * SAMPLE_CANDIDATES candidates of the index, counted up to SAMPLE_MATCHES.
   */
  private async sampleMatches(f: JobFilters, terms: TextTerm[], plan: Plan, now: number): Promise<number> {
    if (plan.kind !== 'index' || this.d.engine !== 'sqlite') return SAMPLE_MATCHES;
    const c = sql<{
      id: number;
    }>`(select id from (${this.candidates(plan.driver, plan.trigrams)}) limit ${SAMPLE_CANDIDATES})`;
    const sampled = this.db
      .selectFrom(c.as('c'))
      .crossJoin('jobs')
      .whereRef('jobs.id', '=', 'c.id') as unknown as JobsQuery;
    const matched = this.base(f, now, sampled).where((eb) =>
      eb.and(terms.map((t) => this.termMatches(eb, t))),
    );
    const m = await this.db
      .selectFrom(
        matched
          .select(sql<number>`1`.as('one'))
          .limit(SAMPLE_MATCHES)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(m.n);
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
   * One page of open jobs, newest first, with how many match: exact up to
   * TOTAL_CAP. Text is searched the cheaper of two ways (decision 0013): a
   * word that many jobs hold is found by testing the newest jobs in order (a
   * walk); a rare one by reading its candidates from the text index and
   * sorting them. The page and the count each take the cheaper way, from
   * the index's count of the term's rarest trigrams and the share of open
   * jobs the other filters leave.
   */
  async search(query: JobFilters, page: number, limit: number, near?: NearSpas): Promise<JobPage> {
    const now = Date.now();
    const f: SearchFilters = near ? { ...query, spaIds: [...near.distance.keys()] } : query;
    const terms = this.textTerms(f);
    const offset = (page - 1) * limit;
    const sort = f.sort ?? 'newest';
    const pageOf = (q: JobsQuery) =>
      sort === 'newest'
        ? this.pageIds(q, offset, limit)
        : this.sortedPageIds(q, sort, !terms.length, near, offset, limit);
    let ids: number[];
    let n: number;
    const indexed = terms.filter((t) => isIndexable(t.text));
    if (!terms.length) {
      const q = this.planned(f, terms, { kind: 'all' }, now);
      [ids, n] = await Promise.all([pageOf(q), this.cappedCount(q)]);
    } else if (!indexed.length) {
      // One or two characters: no index can serve them; only the newest jobs are tested.
      const q = this.planned(f, terms, { kind: 'window', rows: SHORT_TEXT_WINDOW }, now);
      [ids, n] = await Promise.all([pageOf(q), this.cappedCount(q)]);
    } else {
      const best = (await Promise.all(indexed.map((t) => this.rarest(t)))).reduce((a, b) =>
        b.n < a.n ? b : a,
      );
      const index: Plan = { kind: 'index', driver: best.t, trigrams: best.trigrams };
      const stats = this.planStats();
      const open = Math.max(1, stats.open);
      const inFilter = Math.max(1, this.filterShare(f, stats) * open);
      // How many jobs really match, among the filtered ones: the index's candidates only bound it
      // (a misspelt word's trigrams may each be common), so a sample of them is checked.
      const sampled = await this.sampleMatches(f, terms, index, now);
      const matches =
        sampled >= SAMPLE_MATCHES
          ? // Common: the sample filled up early; most candidates of a common word are real matches.
            Math.max(SAMPLE_MATCHES, best.n / 2)
          : // The sample read every candidate it could; scale up to all of them.
            (sampled * Math.max(best.n, 1)) / Math.max(1, Math.min(SAMPLE_CANDIDATES, best.n));
      // A title alone is tested from an index in date order; other text needs each job's row.
      const rowCost =
        this.d.engine === 'sqlite' && terms.every((t) => t.kind === 'title') && !f.city && !f.category
          ? 0.3
          : 3;
      const walkCost = (wanted: number) =>
        (matches >= 1 ? Math.min(inFilter, (wanted * inFilter) / matches) : inFilter) * rowCost;
      // Candidates come from the index in id order, so reading them is close to sequential.
      const indexCost = (wanted: number) =>
        Math.min(best.n, matches >= 1 ? (wanted * best.n) / matches : best.n) * CANDIDATE_COST;
      // A count that reached its cap says only "at least": never read that many from the index
      // when a walk will do.
      const known = best.n < (this.d.engine === 'postgres' ? PG_ESTIMATE_CAP : ESTIMATE_CAP);
      const pageByIndex = indexCost(best.n) < walkCost(offset + limit) && (known || matches < SAMPLE_MATCHES);
      const countByIndex = indexCost(TOTAL_CAP + 1) < walkCost(TOTAL_CAP + 1);
      const walk: Plan = { kind: 'walk' };
      // A sample that read every candidate already counted them all.
      const sampledAll = sampled < SAMPLE_MATCHES && known && best.n <= SAMPLE_CANDIDATES;
      if (sampledAll && sampled === 0) {
        ids = [];
        n = 0;
      } else {
        [ids, n] = await Promise.all([
          pageOf(this.planned(f, terms, pageByIndex ? index : walk, now)),
          sampledAll
            ? Promise.resolve(sampled)
            : this.cappedCount(this.planned(f, terms, countByIndex ? index : walk, now)),
        ]);
      }
    }
    const data = await this.byIds(ids, now);
    if (near) {
      for (const job of data) {
        const d = near.distance.get(Number(job.spa._id));
        if (d !== undefined) job.distance = Math.round(d * 10) / 10;
      }
    }
    return { data, total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP };
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
   * (until the first read, it estimates with the defaults), and a read that
   * failed is not tried again for a minute, so a slow database is never
   * asked for the whole grouping once per search.
   */
  private stats: { value: PlanStats; at: number } | undefined;
  private statsLoading = false;
  private statsRetryAt = 0;

  private planStats(): PlanStats {
    const now = Date.now();
    const stale = !this.stats || now - this.stats.at > 60_000;
    if (stale && !this.statsLoading && now >= this.statsRetryAt) {
      this.statsLoading = true;
      this.loadPlanStats()
        .then(
          (value) => (this.stats = { value, at: Date.now() }),
          () => (this.statsRetryAt = Date.now() + 60_000),
        )
        .finally(() => (this.statsLoading = false));
    }
    return this.stats?.value ?? UNKNOWN_STATS;
  }

  private async loadPlanStats(): Promise<PlanStats> {
    const out: PlanStats = { open: 0, city: new Map(), state: new Map(), category: new Map() };
    for (const r of await this.summaryRows()) {
      const n = Number(r.n);
      out.open += n;
      out.city.set(r.city, (out.city.get(r.city) ?? 0) + n);
      out.state.set(r.state, (out.state.get(r.state) ?? 0) + n);
      out.category.set(r.category, (out.category.get(r.category) ?? 0) + n);
    }
    return out;
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
    return share;
  }

  /** Full rows with their spa for a page of ids, in the order given. */
  private async byIds(ids: number[], now: number): Promise<Job[]> {
    if (!ids.length) return [];
    const rows = (await this.db
      .selectFrom('jobs')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .selectAll('jobs')
      .select([
        'spas.name as spa_name',
        'spas.full_address as spa_full_address',
        'spas.verification as spa_verification',
      ])
      .where('jobs.id', 'in', ids)
      .execute()) as JobWithSpa[];
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

  async countOpen(): Promise<number> {
    return this.count({});
  }

  async recent(page: number, limit: number): Promise<Job[]> {
    return this.page({}, page, limit, Date.now());
  }

  async forSpa(spaId: number, limit = 50): Promise<Job[]> {
    const now = Date.now();
    const ids = await this.db
      .selectFrom('jobs')
      .select('jobs.id')
      .where('jobs.spa_id', '=', spaId)
      .where((eb) => activeJobFilter(eb, now))
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
   * Views are counted in memory and written in one transaction a second
   * (flushViews), so that a popular job page is a read, not a write per
   * visit. At most a second of counts is lost if the process dies.
   */
  private pendingViews = new Map<number, number>();
  private flushTimer: NodeJS.Timeout | undefined;

  countView(id: number): void {
    this.pendingViews.set(id, (this.pendingViews.get(id) ?? 0) + 1);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      void this.flushViews().catch(() => undefined);
    }, 1000).unref();
  }

  async flushViews(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.pendingViews.size) return;
    const views = [...this.pendingViews];
    this.pendingViews.clear();
    try {
      await this.primary.transaction().execute(async (trx) => {
        for (const [id, n] of views) {
          await trx
            .updateTable('jobs')
            .set((eb) => ({ views: eb('views', '+', n) }))
            .where('id', '=', id)
            .execute();
        }
      });
    } catch (err) {
      // Put them back for the next flush rather than lose them.
      for (const [id, n] of views) this.pendingViews.set(id, (this.pendingViews.get(id) ?? 0) + n);
      throw err;
    }
  }

  /** The job, open or not (an applicant may follow an old link); null if unknown. */
  async findById(id: number, { countView = false } = {}): Promise<Job | null> {
    const row = (await this.db
      .selectFrom('jobs')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .selectAll('jobs')
      .select([
        'spas.name as spa_name',
        'spas.full_address as spa_full_address',
        'spas.verification as spa_verification',
      ])
      .where('jobs.id', '=', id)
      .executeTakeFirst()) as JobWithSpa | undefined;
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
    const row = (await this.db
      .selectFrom('jobs')
      .innerJoin('spas', 'spas.id', 'jobs.spa_id')
      .selectAll('jobs')
      .select([
        'spas.name as spa_name',
        'spas.full_address as spa_full_address',
        'spas.verification as spa_verification',
        'spas.logo as spa_logo',
        'spas.website as spa_website',
        'spas.address_line as spa_address_line',
        'spas.city as spa_city',
        'spas.state as spa_state',
        'spas.pincode as spa_pincode',
      ])
      .where('jobs.id', '=', id)
      .executeTakeFirst()) as
      | (JobWithSpa & {
          spa_logo: string | null;
          spa_website: string | null;
          spa_address_line: string | null;
          spa_city: string;
          spa_state: string;
          spa_pincode: string | null;
        })
      | undefined;
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
      .where((eb) => activeJobFilter(eb, Date.now()))
      .executeTakeFirst();
    return !!row;
  }

  private summaryRows() {
    return this.db
      .selectFrom('jobs')
      .where((eb) => activeJobFilter(eb, Date.now()))
      .select(['state', 'city', 'category', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['state', 'city', 'category'])
      .execute();
  }

  /** One grouped scan gives all four summaries. */
  async summary(): Promise<Omit<JobSummary, 'success'>> {
    const rows = await this.summaryRows();
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
