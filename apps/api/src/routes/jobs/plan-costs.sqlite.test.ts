import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';

interface ListBody {
  data: { _id: string }[];
  total: number;
  totalCapped: boolean;
}

/**
 * SQLite weighs a search's plans by what each costs there (decision 24's addendum): a word held by few
 * jobs is read from the trigram index with each candidate's row, unless a filter keeps few jobs, whose
 * entries are then walked keeping the word's candidates, so that only the rows of jobs in both are read.
 */
describe("SQLite's choice between the word's candidates and the filter's jobs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 800 } });
  }, 120_000);
  afterAll(() => t.close());

  let spelling = 0;
  const read = async (query: Record<string, string>) => {
    const res = await t.app.inject({
      url: '/api/v1/spajobs',
      query: { limit: '9', ...query, _: `plan-${++spelling}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ListBody>();
    return { total: body.total, ids: body.data.map((j) => j._id), plan: searchPlanning.lastPlan };
  };

  it('a word in a city keeps its candidates among the city’s jobs; alone, it reads them', async () => {
    const defaults = { ...searchPlanning };
    const { city } = await t.database.db
      .selectFrom('jobs')
      .select('city')
      .where('is_active', '=', 1)
      .where('title', 'like', '%stylist%')
      .executeTakeFirstOrThrow();
    const inCity = { q: 'stylist', city };
    try {
      // The filters' shares come from the summary, counted in the background after the first search.
      let got = await read(inCity);
      for (let i = 0; i < 50 && got.plan !== 'semijoin'; i++) {
        await new Promise((done) => setTimeout(done, 100));
        got = await read(inCity);
      }
      expect(got.plan).toBe('semijoin');
      expect(got.total).toBeGreaterThan(0);
      expect((await read({ q: 'stylist' })).plan).toBe('index');

      // Either way, the same jobs.
      Object.assign(searchPlanning, { force: 'index' });
      const byIndex = await read(inCity);
      expect(byIndex.plan).toBe('index');
      expect({ total: got.total, ids: got.ids }).toEqual({ total: byIndex.total, ids: byIndex.ids });
    } finally {
      Object.assign(searchPlanning, defaults);
    }
  });
});
