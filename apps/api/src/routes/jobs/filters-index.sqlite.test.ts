import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { activeJobFilter, filtersSource } from '../../repositories/job-repository.ts';

/**
 * A listing filtered by city, state and category is read from the city and category index of open jobs,
 * in date order, not through jobs_summary and a sort of every such job (`filtersSource`); a city's jobs
 * with words from the index that carries their text, and without words from the narrow one (decision 44),
 * a state's with words from the state's index that carries their text (decision 93);
 * pay and experience without words on the entries of the filters' index, or from an index ordered by pay
 * (decision 46); with words, on the entries of the index that carries the text (decision 49).
 */
describe('SQLite: the index a listing with a city is read from', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 30, jobs: 1200 } });
  }, 120_000);
  afterAll(() => t.close());

  /**
   * Open jobs of the filters, newest first or best paid first, read where filtersSource says, with a word
   * tested on the title, spa name and description (`word`, a LIKE pattern).
   */
  const listing = (
    f: { city?: string; state?: string; category?: string; salaryMin?: number; experience?: number },
    how: { text?: boolean; order?: 'newest' | 'salary'; quick?: 'walk' | 'paid'; word?: string },
  ) => {
    const now = Date.now();
    const { word } = how;
    let q = filtersSource(t.database.db, 'sqlite', f, false, !!how.text, how.order ?? 'newest', how.quick)
      .select(['jobs.id'])
      .where((eb) =>
        eb.and([
          activeJobFilter(eb, now),
          ...(f.city ? [eb('jobs.city', '=', f.city)] : []),
          ...(f.state ? [eb('jobs.state', '=', f.state)] : []),
          ...(f.category ? [eb('jobs.category', '=', f.category)] : []),
          ...(f.salaryMin ? [eb('jobs.salary_min', '>=', f.salaryMin)] : []),
          ...(f.experience !== undefined
            ? [eb.or([eb('jobs.experience_min', 'is', null), eb('jobs.experience_min', '<=', f.experience)])]
            : []),
          ...(word
            ? [
                eb.or([
                  eb('jobs.title', 'like', word),
                  eb('jobs.spa_name', 'like', word),
                  eb('jobs.description', 'like', word),
                ]),
              ]
            : []),
        ]),
      );
    if (how.order === 'salary') q = q.orderBy(sql`jobs.salary_min desc nulls last`);
    return q.orderBy('jobs.posted_at', 'desc').orderBy('jobs.id', 'desc').limit(10).compile();
  };

  /** SQLite's plan of a compiled query, its steps joined. */
  const explained = async (q: CompiledQuery) => {
    const plan = await t.database.db.executeQuery<{ detail: string }>({
      ...q,
      sql: `explain query plan ${q.sql}`,
    });
    return plan.rows.map((r) => r.detail).join(' | ');
  };

  it('are read from the city and category index in date order, from its entries alone', async () => {
    const f = { city: 'Mumbai', state: 'Maharashtra', category: 'Therapist' };
    const now = Date.now();
    const q = filtersSource(t.database.db, 'sqlite', f)
      .select(['jobs.id'])
      .where((eb) =>
        eb.and([
          activeJobFilter(eb, now),
          eb('jobs.city', '=', f.city),
          eb('jobs.state', '=', f.state),
          eb('jobs.category', '=', f.category),
        ]),
      )
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(10)
      .compile();
    const details = await explained(q);
    expect(details).toContain('COVERING INDEX jobs_open_city_category');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('list the same jobs, newest first, and the same total as reading every job', async () => {
    const pick = await t.database.db
      .selectFrom('jobs')
      .select(['city', 'state', 'category', (eb) => eb.fn.countAll<number>().as('n')])
      .where('is_active', '=', 1)
      .groupBy(['city', 'state', 'category'])
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const all = await t.database.db
      .selectFrom('jobs')
      .select(['id'])
      .where('is_active', '=', 1)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .where('city', '=', pick.city)
      .where('state', '=', pick.state)
      .where('category', '=', pick.category)
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(all.length).toBeGreaterThan(9);
    const res = await t.app.inject({
      url: '/api/v1/spajobs',
      query: { city: pick.city, state: pick.state, category: pick.category, page: '2', limit: '4' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { _id: string }[]; total: number }>();
    expect(body.total).toBe(all.length);
    expect(body.data.map((j) => j._id)).toEqual(all.slice(4, 8).map((j) => String(j.id)));
  });

  /** The plan SQLite makes of a city's open jobs in date order, with a keyword tested on each when `text`. */
  const cityPlan = (text: boolean) =>
    explained(listing({ city: 'Mumbai' }, { text, word: text ? '%guests%' : undefined }));

  it('a city’s jobs with a keyword are tested on the entries of the index that carries their text', async () => {
    const details = await cityPlan(true);
    expect(details).toContain('COVERING INDEX jobs_open_city_text');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('a state’s jobs with a keyword are tested on the entries of the state’s index that carries their text', async () => {
    const details = await explained(listing({ state: 'Maharashtra' }, { text: true, word: '%guests%' }));
    expect(details).toContain('COVERING INDEX jobs_open_state_text');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('words with pay and experience are tested on the entries of the index that carries the text', async () => {
    for (const [f, index] of [
      [{ salaryMin: 20_000 }, 'jobs_open_text'],
      [{ experience: 1 }, 'jobs_open_text'],
      [{ salaryMin: 20_000, experience: 2, city: 'Mumbai' }, 'jobs_open_city_text'],
      [{ salaryMin: 20_000, experience: 2, state: 'Kerala' }, 'jobs_open_state_text'],
    ] as const) {
      const details = await explained(listing(f, { text: true, word: '%guests%' }));
      expect(details, JSON.stringify(f)).toMatch(new RegExp(`COVERING INDEX ${index}\\b`));
      expect(details).not.toContain('TEMP B-TREE');
    }
  });

  it('a city’s jobs without words are read from the narrow city index', async () => {
    const details = await cityPlan(false);
    expect(details).toContain('COVERING INDEX jobs_open_city ');
    expect(details).not.toContain('jobs_open_city_text');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('best paid first in a city, or in a category, is read from an index in that order, without a sort', async () => {
    for (const [f, index] of [
      [{ city: 'Mumbai' }, 'jobs_open_city_salary'],
      [{ category: 'Therapist' }, 'jobs_open_category_salary'],
    ] as const) {
      const now = Date.now();
      const q = filtersSource(t.database.db, 'sqlite', f, false, false, 'salary')
        .select(['jobs.id'])
        .where((eb) =>
          eb.and([
            activeJobFilter(eb, now),
            'city' in f ? eb('jobs.city', '=', f.city) : eb('jobs.category', '=', f.category),
          ]),
        )
        .orderBy(sql`jobs.salary_min desc nulls last`)
        .orderBy('jobs.posted_at', 'desc')
        .orderBy('jobs.id', 'desc')
        .limit(10)
        .compile();
      const details = await explained(q);
      expect(details).toContain(`COVERING INDEX ${index}`);
      expect(details).not.toContain('TEMP B-TREE');
    }
  });

  it('pay and experience without words are tested on the entries of the filters’ index, in date order', async () => {
    for (const [f, index] of [
      [{ salaryMin: 20_000 }, 'jobs_open_posted'],
      [{ experience: 1, category: 'Therapist' }, 'jobs_open_category'],
      [{ salaryMin: 20_000, experience: 2, city: 'Mumbai', state: 'Maharashtra' }, 'jobs_open_city'],
      [{ experience: 0, state: 'Maharashtra', category: 'Therapist' }, 'jobs_open_state_category'],
    ] as const) {
      const details = await explained(listing(f, { quick: 'walk' }));
      expect(details, JSON.stringify(f)).toMatch(new RegExp(`COVERING INDEX ${index}\\b(?!_)`));
      expect(details).not.toContain('TEMP B-TREE');
    }
  });

  it('best paid first with an experience is read in pay order from the entries alone', async () => {
    for (const [f, index] of [
      [{ experience: 2 }, 'jobs_salary'],
      [{ experience: 1, city: 'Mumbai' }, 'jobs_open_city_salary'],
      [{ experience: 3, category: 'Therapist' }, 'jobs_open_category_salary'],
    ] as const) {
      const details = await explained(listing(f, { order: 'salary', quick: 'paid' }));
      expect(details, JSON.stringify(f)).toContain(`COVERING INDEX ${index} `);
      expect(details).not.toContain('TEMP B-TREE');
    }
  });

  it('a pay that few jobs offer is read from an index ordered by pay', async () => {
    for (const [f, index] of [
      [{ salaryMin: 40_000 }, 'jobs_salary'],
      [{ salaryMin: 40_000, city: 'Mumbai' }, 'jobs_open_city_salary'],
      [{ salaryMin: 40_000, category: 'Therapist' }, 'jobs_open_category_salary'],
    ] as const) {
      expect(await explained(listing(f, { quick: 'paid' })), JSON.stringify(f)).toContain(`INDEX ${index} (`);
    }
  });
});
