import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeJobs, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { activeJobFilter, JobRepository, searchPlanning } from '../../repositories/job-repository.ts';

interface ListBody {
  data: { _id: string }[];
  total: number;
  totalCapped: boolean;
}

/**
 * PostgreSQL, a word with a pay floor (decision 54): when few open jobs pay enough, the jobs that do are read
 * from the index in pay order, with their experience, and the word is tested on their rows; when most
 * pay enough, the walk in date order stays. Either way the same jobs, newest first, with the same total.
 */
describe('PostgreSQL reads the jobs that pay enough when few do', () => {
  let t: TestApp;
  let pays: number[];
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 30, jobs: 1200 } });
    const rows = await t.database.db
      .selectFrom('jobs')
      .select('salary_min')
      .where((eb) => activeJobFilter(eb, Date.now()))
      .where('salary_min', 'is not', null)
      .execute();
    pays = rows.map((r) => Number(r.salary_min)).sort((a, b) => b - a);
    // The words' statistics, which tell the planner how many jobs hold a word (decision 35).
    await analyzeJobs(t.database);
    // The plans, not the words' lists, which answer a listed word with pay first (migration 0038).
    searchPlanning.wordLists = false;
  }, 120_000);
  afterAll(async () => {
    searchPlanning.wordLists = true;
    await t.close();
  });

  // A word with the pay the best paid twentieth offer, and more experience than most ask.
  const fewPay = () => ({ q: 'therapist', salaryMin: pays[Math.floor(pays.length / 20)]!, experience: 3 });

  let spelling = 0;
  const read = async (query: Record<string, string | number>) => {
    const res = await t.app.inject({
      url: '/api/v1/spajobs',
      query: Object.fromEntries(
        Object.entries({ limit: 9, ...query, _: `paid-${++spelling}` }).map(([k, v]) => [k, String(v)]),
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ListBody>();
    return { total: body.total, ids: body.data.map((j) => j._id), quick: searchPlanning.lastQuick };
  };

  it('chooses the pay order for a pay few jobs offer, the walk for one most offer, and lists the same jobs', async () => {
    const defaults = { ...searchPlanning };
    // The pay the best paid twentieth offer, and the lowest pay any job offers.
    const few = fewPay();
    const most = { q: 'therapist', salaryMin: pays[pays.length - 1]! };
    try {
      // The planner's statistics (pay and experience of the newest jobs) arrive in the background.
      let got = await read(few);
      for (let i = 0; i < 50 && got.quick !== 'paid'; i++) {
        await new Promise((done) => setTimeout(done, 100));
        got = await read(few);
      }
      expect(got.quick).toBe('paid');
      expect(got.total).toBeGreaterThan(0);
      const walked = await read(most);
      expect(walked.quick).not.toBe('paid');
      expect(walked.total).toBeGreaterThan(got.total);

      for (const [search, chosen] of [
        [few, got],
        [most, walked],
      ] as const) {
        for (const force of ['walk', 'paid'] as const) {
          Object.assign(searchPlanning, { force });
          const other = await read(search);
          expect(other.quick, force).toBe(force === 'paid' ? 'paid' : undefined);
          expect({ total: other.total, ids: other.ids }, force).toEqual({
            total: chosen.total,
            ids: chosen.ids,
          });
          const last = { ...search, page: Math.ceil(chosen.total / 9) };
          const forcedLast = await read(last);
          Object.assign(searchPlanning, { force: undefined });
          expect(forcedLast.ids, `${force}, last page`).toEqual((await read(last)).ids);
        }
      }
    } finally {
      // The defaults hold no forced plan, so Object.assign alone would leave the one set above.
      Object.assign(searchPlanning, defaults, { force: undefined });
    }
  });

  it('in a city, reads the jobs that pay enough from its own index and lists the same jobs as a walk', async () => {
    // Across the board the words are tested on the entries of the index in pay order (decision 56); in a
    // city, on the rows of the jobs its own index in pay order gives.
    const [busiest] = await t.database.db
      .selectFrom('jobs')
      .select(['city', (eb) => eb.fn.countAll<number>().as('n')])
      .where((eb) => activeJobFilter(eb, Date.now()))
      .groupBy('city')
      .orderBy('n', 'desc')
      .limit(1)
      .execute();
    const search = {
      ...fewPay(),
      experience: 5,
      salaryMin: pays[Math.floor(pays.length / 4)]!,
      city: busiest!.city,
    };
    try {
      Object.assign(searchPlanning, { force: 'paid' });
      const paid = await read(search);
      expect(paid.quick).toBe('paid');
      expect(paid.total).toBeGreaterThan(0);
      Object.assign(searchPlanning, { force: 'walk' });
      const walked = await read(search);
      expect(walked.quick).toBeUndefined();
      expect({ total: walked.total, ids: walked.ids }).toEqual({ total: paid.total, ids: paid.ids });
    } finally {
      Object.assign(searchPlanning, { force: undefined });
    }
  });

  it('plans the first search of a new process with the statistics read at start', async () => {
    const few = fewPay();
    // Planned before any statistics arrive, the same search walks the date order.
    const blind = new JobRepository(t.database);
    await blind.search(few, 1, 9);
    expect(searchPlanning.lastQuick).not.toBe('paid');
    // Read at start (as the server does before it listens), they plan its very first search.
    const fresh = new JobRepository(t.database);
    expect(await fresh.readPlanStats(10_000)).toBe(true);
    const first = await fresh.search(few, 1, 9);
    expect(searchPlanning.lastQuick).toBe('paid');
    expect(first.total).toBeGreaterThan(0);
  });
});
