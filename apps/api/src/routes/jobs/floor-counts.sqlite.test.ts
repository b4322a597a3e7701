import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';

/**
 * SQLite: when the filters leave so few jobs that walking them all costs less than reading `few`
 * candidates, a term whose trigrams are all common is counted no further than `few` (decision 74). The
 * answers are those of every other way of reading.
 */
describe('SQLite: common words in narrow filters, counted only to their floor', () => {
  let t: TestApp;
  const defaults = { ...searchPlanning };
  // Fewer than this many candidates are few (FEW_CANDIDATES at scale), sized to the small data set.
  const few = 100;
  let place: { city: string; state: string; category: string };

  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 30, jobs: 3000 } });
    // A city and a category holding fewer open jobs than `few`, so that walking them all is the cheapest.
    place = await t.database.db
      .selectFrom('jobs')
      .select(['city', 'state', 'category', (eb) => eb.fn.countAll<number>().as('n')])
      .where('is_active', '=', 1)
      .groupBy(['city', 'state', 'category'])
      .having((eb) => eb.fn.countAll(), '>=', 10)
      .having((eb) => eb.fn.countAll(), '<', few / 2)
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    // The filters' share of the jobs is known, as on a server that has read its statistics.
    expect(await t.app.ctx.jobs.readPlanStats(10_000)).toBe(true);
  }, 120_000);
  const counters = () => ({ fromFloors: searchPlanning.fromFloors, jointFew: searchPlanning.jointFew });
  afterEach(() => void Object.assign(searchPlanning, { ...defaults, ...counters() }));
  afterAll(() => t.close());

  let spelling = 0;
  const read = async (query: Record<string, string>, force?: 'walk' | 'semijoin' | 'index') => {
    Object.assign(
      searchPlanning,
      { ...defaults, ...counters() },
      // The plans are weighed, not answered from the words' lists or shown past the cap first.
      { fewCandidates: few, force, wordLists: false, wordProof: 'never' },
    );
    const res = await t.app.inject({
      url: '/api/v1/spajobs',
      query: { limit: '4', ...query, _: String(++spelling) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { _id: string }[]; total: number; totalCapped: boolean }>();
    return { total: body.total, capped: body.totalCapped, ids: body.data.map((j) => j._id) };
  };

  /** Open jobs holding the word in their title, description or spa's name (as the search tests it). */
  const holding = async (word: string) => {
    const r = await sql<{ n: number }>`select count(*) as n from jobs where is_active = 1
      and lower(title || ' ' || description || ' ' || spa_name) like ${`%${word}%`}`.execute(t.database.db);
    return Number(r.rows[0]!.n);
  };

  it('a common word in a city and a category: walked without counting its share, the same answers', async () => {
    let found = 0;
    for (const word of ['massage', 'therapist', 'spa']) {
      // The premise: every trigram of the word is common at this `few`.
      expect(await holding(word), word).toBeGreaterThan(few * 3);
      const pages = [];
      for (const page of ['1', '2']) {
        const query = { q: word, city: place.city, category: place.category, page };
        const before = searchPlanning.fromFloors;
        pages.push({ query, floored: await read(query) });
        expect(searchPlanning.fromFloors - before, word).toBe(1);
        expect(searchPlanning.lastPlan).toBe('walk');
      }
      // Every other way (forced ways count the trigrams fully) gives the same pages and totals.
      for (const { query, floored } of pages) {
        found += floored.ids.length;
        for (const force of ['walk', 'semijoin', 'index'] as const)
          expect(await read(query, force), `${word} ${force}`).toEqual(floored);
      }
      // Once the counts are kept, they are used as before.
      const before = searchPlanning.fromFloors;
      expect(await read(pages[0]!.query)).toEqual(pages[0]!.floored);
      expect(searchPlanning.fromFloors).toBe(before);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('across the board the walk is long: the common word is counted as before', async () => {
    const before = searchPlanning.fromFloors;
    const all = await read({ q: 'massage', page: '2' });
    expect(searchPlanning.fromFloors).toBe(before);
    expect(all).toEqual(await read({ q: 'massage', page: '2' }, 'walk'));
  });

  it('a misspelt word of common trigrams is still found few together, and read from its candidates', async () => {
    const query = { q: 'massaget', city: place.city, category: place.category };
    const before = searchPlanning.fromFloors;
    const misspelt = await read(query);
    expect(misspelt).toEqual({ total: 0, capped: false, ids: [] });
    expect(searchPlanning.fromFloors).toBe(before);
    expect(searchPlanning.lastPlan).toBe('index');
  });
});
