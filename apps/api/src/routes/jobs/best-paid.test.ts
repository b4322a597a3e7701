import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_CAP } from '@spajobs/contract/common';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertJob } from '../../../test/factories.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';

interface ListBody {
  data: { _id: string }[];
  total: number;
  totalCapped: boolean;
}

/**
 * Best paid first (decision 45): open jobs by their lowest monthly salary, highest first, the jobs that
 * name no salary last, then newest first, across the board and in a city, read from the indexes in that
 * order; on both engines, counted and past the summary's cap alike.
 */
describe('best paid first', () => {
  let t: TestApp;
  const city = 'Pune';
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 600 } });
    // Jobs that name no salary, and two paid alike, in the city: where each goes is part of the order.
    const spa = (await t.database.db.selectFrom('spas').select('id').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    for (const [k, salary] of [
      'As per industry norms',
      'Negotiable',
      '₹90,000 per month',
      '₹90,000 per month',
    ].entries())
      await insertJob(t.database, spa, { salary, city, state: 'Maharashtra', posted_at: now - k * 60_000 });
  }, 120_000);
  afterAll(() => t.close());

  /** Every open job of the filter in the order, computed here from all of them. */
  const expected = async (filter: { city?: string; category?: string }) => {
    const now = Date.now();
    let q = t.database.db
      .selectFrom('jobs')
      .select(['id', 'salary_min', 'posted_at'])
      .where('is_active', '=', 1)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
    if (filter.city) q = q.where('city', '=', filter.city);
    if (filter.category) q = q.where('category', '=', filter.category);
    const rows = await q.execute();
    const pay = (r: (typeof rows)[number]) => (r.salary_min === null ? -1 : Number(r.salary_min));
    rows.sort(
      (a, b) => pay(b) - pay(a) || Number(b.posted_at) - Number(a.posted_at) || Number(b.id) - Number(a.id),
    );
    return rows.map((r) => String(r.id));
  };

  let spelling = 0;
  const read = async (query: Record<string, string>) => {
    const res = await t.app.inject({
      url: '/api/v1/spajobs',
      query: { sort: 'salary', limit: '9', ...query, _: `paid-${++spelling}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListBody>();
  };

  it('lists the best paid first, no salary last, then newest, in a city, a category and across the board', async () => {
    for (const query of [{ city }, { category: 'Therapist' }, {}] as Record<string, string>[]) {
      const all = await expected(query);
      const last = String(Math.ceil(all.length / 9));
      for (const page of ['1', '2', last]) {
        const body = await read({ ...query, page });
        const from = (Number(page) - 1) * 9;
        expect(
          body.data.map((j) => j._id),
          `${JSON.stringify(query)} page ${page}`,
        ).toEqual(all.slice(from, from + 9));
        expect(body.total).toBe(all.length);
      }
    }
    // The city's jobs that name no salary close its list.
    const inCity = await expected({ city });
    const lastPage = await read({ city, page: String(Math.ceil(inCity.length / 9)) });
    const noSalary = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('city', '=', city)
      .where('salary_min', 'is', null)
      .execute();
    expect(noSalary.length).toBe(2);
    expect(
      lastPage.data
        .slice(-2)
        .map((j) => j._id)
        .sort(),
    ).toEqual(noSalary.map((r) => String(r.id)).sort());
  });

  it('past the cap by the summary, the same pages as counting', async () => {
    const defaults = { ...searchPlanning };
    try {
      searchPlanning.summaryPastCap = 1;
      const before = searchPlanning.fromSummary;
      for (let i = 0; i < 50 && searchPlanning.fromSummary === before; i++) {
        await read({ city });
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(searchPlanning.fromSummary).toBeGreaterThan(before);
      const all = await expected({ city });
      const shown = await read({ city, page: '2' });
      expect(shown).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
      expect(shown.data.map((j) => j._id)).toEqual(all.slice(9, 18));
    } finally {
      Object.assign(searchPlanning, defaults, { fromSummary: searchPlanning.fromSummary });
    }
  });
});
