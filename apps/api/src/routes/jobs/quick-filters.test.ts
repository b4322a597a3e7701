import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { activeJobFilter, searchPlanning } from '../../repositories/job-repository.ts';

interface ListBody {
  data: { _id: string }[];
  total: number;
  totalCapped: boolean;
}

interface Quick {
  city?: string;
  state?: string;
  category?: string;
  salaryMin?: number;
  experience?: number;
}

/**
 * The jobs page's quick filters without words (decision 46): pay from an amount and the experience a
 * candidate has list the same jobs, newest first, with the same total, whichever way they are read: on
 * SQLite by walking the filters' index with both tested on its entries, or from an index ordered by pay
 * when few jobs pay enough. On both engines.
 */
describe('pay and experience filters', () => {
  let t: TestApp;
  let place: { city: string; state: string; category: string };
  let pay: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 30, jobs: 1200 } });
    place = await t.database.db
      .selectFrom('jobs')
      .select(['city', 'state', 'category', (eb) => eb.fn.countAll<number>().as('n')])
      .where('is_active', '=', 1)
      .groupBy(['city', 'state', 'category'])
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    // A pay that about a third of the open jobs offer.
    const paid = await t.database.db
      .selectFrom('jobs')
      .select('salary_min')
      .where('is_active', '=', 1)
      .where('salary_min', 'is not', null)
      .orderBy('salary_min', 'desc')
      .execute();
    pay = Number(paid[Math.floor(paid.length / 3)]!.salary_min);
  }, 120_000);
  afterAll(() => t.close());

  /** Every open job of the filters, newest first, computed here on the jobs table. */
  const expected = async (f: Quick) => {
    const now = Date.now();
    let q = t.database.db
      .selectFrom('jobs')
      .select('jobs.id')
      .where((eb) => activeJobFilter(eb, now));
    if (f.city) q = q.where('jobs.city', '=', f.city);
    if (f.state) q = q.where('jobs.state', '=', f.state);
    if (f.category) q = q.where('jobs.category', '=', f.category);
    if (f.salaryMin !== undefined) q = q.where('jobs.salary_min', '>=', f.salaryMin);
    if (f.experience !== undefined)
      q = q.where((eb) =>
        eb.or([eb('jobs.experience_min', 'is', null), eb('jobs.experience_min', '<=', f.experience!)]),
      );
    const rows = await q.orderBy('jobs.posted_at', 'desc').orderBy('jobs.id', 'desc').execute();
    return rows.map((r) => String(r.id));
  };

  /** A new spelling of the query each time, so that the response cache never answers it. */
  let spelling = 0;
  const listed = async (f: Quick, page: number, limit: number) => {
    const query = Object.fromEntries(
      Object.entries({ ...f, page, limit, _: ++spelling }).map(([k, v]) => [k, String(v)]),
    );
    const res = await t.app.inject({ url: '/api/v1/spajobs', query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListBody>();
  };

  const filters = (): Quick[] => [
    { salaryMin: pay },
    { experience: 1 },
    { experience: 3, salaryMin: pay },
    { city: place.city, salaryMin: pay },
    { city: place.city, state: place.state, experience: 2 },
    { category: place.category, experience: 1 },
    { state: place.state, category: place.category, salaryMin: pay, experience: 3 },
    { city: place.city, category: place.category, experience: 3 },
    { salaryMin: 1_000_000 },
  ];

  it('list every open job that pays enough and asks no more experience, newest first, with its total', async () => {
    const walks = t.database.engine === 'sqlite';
    const before = searchPlanning.quickFewPaid;
    try {
      // On SQLite: every pay read by walking the listing index (0), then every pay taken as offered by few
      // jobs and read from an index ordered by pay. PostgreSQL chooses for itself both times.
      for (const [few, way] of [
        [0, 'walk'],
        [1_000_000_000, 'paid'],
      ] as const) {
        searchPlanning.quickFewPaid = few;
        for (const f of filters()) {
          const all = await expected(f);
          if (f.salaryMin !== 1_000_000) expect(all.length, JSON.stringify(f)).toBeGreaterThan(8);
          searchPlanning.lastQuick = undefined;
          const first = await listed(f, 1, 4);
          if (walks) expect(searchPlanning.lastQuick, JSON.stringify(f)).toBe(f.salaryMin ? way : 'walk');
          else expect(searchPlanning.lastQuick).toBeUndefined();
          expect(first.total, JSON.stringify(f)).toBe(all.length);
          expect(first.totalCapped).toBe(false);
          expect(first.data.map((j) => j._id)).toEqual(all.slice(0, 4));
          const second = await listed(f, 2, 4);
          expect(second.data.map((j) => j._id)).toEqual(all.slice(4, 8));
          const last = Math.max(1, Math.ceil(all.length / 4));
          expect((await listed(f, last, 4)).data.map((j) => j._id)).toEqual(
            all.slice((last - 1) * 4, last * 4),
          );
        }
      }
    } finally {
      searchPlanning.quickFewPaid = before;
    }
  });

  it('best paid first with a lowest pay or an experience lists the jobs that pay enough, highest first, then newest', async () => {
    for (const f of [
      { salaryMin: pay },
      { city: place.city, salaryMin: pay },
      { category: place.category, salaryMin: pay },
      { experience: 2 },
      { city: place.city, experience: 1 },
      { category: place.category, experience: 3, salaryMin: pay },
      { state: place.state, experience: 2 },
    ] as Quick[]) {
      const now = Date.now();
      let q = t.database.db
        .selectFrom('jobs')
        .select(['jobs.id', 'jobs.salary_min', 'jobs.posted_at'])
        .where((eb) => activeJobFilter(eb, now));
      if (f.salaryMin !== undefined) q = q.where('jobs.salary_min', '>=', f.salaryMin);
      if (f.experience !== undefined)
        q = q.where((eb) =>
          eb.or([eb('jobs.experience_min', 'is', null), eb('jobs.experience_min', '<=', f.experience!)]),
        );
      if (f.city) q = q.where('jobs.city', '=', f.city);
      if (f.state) q = q.where('jobs.state', '=', f.state);
      if (f.category) q = q.where('jobs.category', '=', f.category);
      const rows = await q.execute();
      // Jobs that do not say their pay come last.
      rows.sort(
        (a, b) =>
          Number(b.salary_min ?? -1) - Number(a.salary_min ?? -1) ||
          Number(b.posted_at) - Number(a.posted_at) ||
          Number(b.id) - Number(a.id),
      );
      const res = await t.app.inject({
        url: '/api/v1/spajobs',
        query: {
          ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])),
          sort: 'salary',
          limit: '5',
          page: '2',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ListBody>();
      expect(rows.length, JSON.stringify(f)).toBeGreaterThan(10);
      expect(body.total, JSON.stringify(f)).toBe(rows.length);
      expect(body.data.map((j) => j._id)).toEqual(rows.slice(5, 10).map((r) => String(r.id)));
    }
  });

  it("gives the planner the open jobs' pay and experience as pairs with their counts, and their shares", async () => {
    const jobs = t.app.ctx.jobs as unknown as {
      loadPlanStats(): Promise<{
        quick: { pay: (number | null)[]; experience: (number | null)[]; jobs: number[]; sampled: number };
      }>;
      quickShare(f: Quick, s: unknown): number;
    };
    const stats = await jobs.loadPlanStats();
    const open = (await expected({})).length;
    // Fewer open jobs than the sample takes: all of them, each pair once.
    expect(stats.quick.sampled).toBe(open);
    expect(stats.quick.jobs.reduce((a, b) => a + b, 0)).toBe(open);
    const pairs = stats.quick.pay.map((p, i) => `${p}/${stats.quick.experience[i]}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs.length).toBeLessThan(open / 2);
    for (const f of [{ salaryMin: pay }, { experience: 2 }, { salaryMin: pay, experience: 1 }]) {
      const kept = (await expected(f)).length;
      expect(jobs.quickShare(f, stats), JSON.stringify(f)).toBeCloseTo(kept / open, 10);
    }
  });
});
