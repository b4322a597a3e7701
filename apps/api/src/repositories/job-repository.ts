import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Job, JobListQuery, JobSummary } from '@spajobs/contract/job';
import type { Db } from '../db/database.ts';
import type { Database, JobRow } from '../db/schema.ts';
import { containsInsensitive } from '../db/sql-helpers.ts';

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

export class JobRepository {
  constructor(private readonly d: Db) {}

  private get db(): Kysely<Database> {
    return this.d.db;
  }

  /** Open jobs matching the filters, on the jobs table alone (no join unless the spa name is searched). */
  private filtered(f: JobFilters, now: number) {
    let q = this.db.selectFrom('jobs').where((eb) => activeJobFilter(eb, now));
    if (f.title) q = q.where(containsInsensitive(this.d.engine, 'jobs.title', f.title));
    if (f.spa) {
      const spa = f.spa;
      q = q.where('jobs.spa_id', 'in', (eb) =>
        eb
          .selectFrom('spas')
          .select('spas.id')
          .where(containsInsensitive(this.d.engine, 'spas.name', spa)),
      );
    }
    if (f.category) q = q.where('jobs.category', '=', f.category);
    if (f.state) q = q.where('jobs.state', '=', f.state);
    if (f.city) q = q.where('jobs.city', '=', f.city);
    if (f.postedDate)
      q = q.where('jobs.posted_at', '>=', Date.parse(`${f.postedDate}T00:00:00${IST_OFFSET}`));
    return q;
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
    const ids = await this.filtered(f, now)
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

  async count(f: JobFilters): Promise<number> {
    const r = await this.filtered(f, Date.now())
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** A page of open jobs, newest first, and how many match in all (counted by the caller, which may cache it). */
  async list(f: JobFilters, page: number, limit: number): Promise<Job[]> {
    return this.page(f, page, limit, Date.now());
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
      await this.db.transaction().execute(async (trx) => {
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

  async isOpen(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('id', '=', id)
      .where((eb) => activeJobFilter(eb, Date.now()))
      .executeTakeFirst();
    return !!row;
  }

  /** One grouped scan gives all four summaries. */
  async summary(): Promise<Omit<JobSummary, 'success'>> {
    const rows = await this.db
      .selectFrom('jobs')
      .where((eb) => activeJobFilter(eb, Date.now()))
      .select(['state', 'city', 'category', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['state', 'city', 'category'])
      .execute();
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
