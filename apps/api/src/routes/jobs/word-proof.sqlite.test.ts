import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_CAP } from '@spajobs/contract/common';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';

interface ListBody {
  data: { _id: string }[];
  total: number;
  totalCapped: boolean;
}

type Read = (query: Record<string, string>) => Promise<{ total: number; capped: boolean; ids: string[] }>;

/** Reads a listing's total and page, spelt anew each time so that no cache answers it. */
function reader(t: () => TestApp, tag: string): Read {
  let spelling = 0;
  return async (query) => {
    const res = await t().app.inject({
      url: '/api/v1/spajobs',
      query: { limit: '9', ...query, _: `${tag}-${++spelling}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ListBody>();
    return { total: body.total, capped: body.totalCapped, ids: body.data.map((j) => j._id) };
  };
}

/**
 * Reads a search counting, then with the word index always asked: the same page and total both ways,
 * and shown past the cap exactly when counting finds it past the cap. Answers what counting gave.
 */
async function provedAsCounted(read: Read, query: Record<string, string>, defaults: typeof searchPlanning) {
  Object.assign(searchPlanning, defaults, { fewCandidates: 1, wordProof: 'never' });
  const counted = await read(query);
  Object.assign(searchPlanning, defaults, { fewCandidates: 1, wordProof: 'always' });
  const before = searchPlanning.proved;
  const proved = await read(query);
  expect(proved, JSON.stringify(query)).toEqual(counted);
  expect(searchPlanning.proved - before, JSON.stringify(query)).toBe(counted.capped ? 1 : 0);
  return counted;
}

/**
 * SQLite's word index (migration 0016, decision 0032) shows that a search has
 * more matches than the cap without counting them; whenever it is asked, the
 * answer is the one counting gives.
 */
describe('a count shown past the cap by the word index', () => {
  let t: TestApp;
  // The plans weighed here are those of a keyword the words' lists do not answer (decision 64): the
  // lists are left out, so that a keyword alone is planned as one with a filter, or past a common word, is.
  beforeAll(async () => {
    searchPlanning.wordLists = false;
    t = await createTestApp({ seed: { spas: 30, jobs: TOTAL_CAP + 1500 } });
  }, 120_000);
  afterAll(async () => {
    searchPlanning.wordLists = true;
    await t.close();
  });

  it('a count past the cap is shown from the word index, with the same page and total as counting', async () => {
    const defaults = { ...searchPlanning };
    const outcomes = new Set<boolean>();
    const read = reader(() => t, 'proof');
    try {
      const queries: Record<string, string>[] = [
        { q: 'guests' },
        // Words whole first, then as the start of a word; case as typed does not matter.
        { q: 'Guest', page: '7' },
        { q: 'for guests' },
        { q: 'guests', sort: 'salary' },
        { q: 'and', state: 'Maharashtra' },
        { q: 'spa' },
        { q: 'yoga instructor' },
        { title: 'therapist', page: '3' },
      ];
      for (const query of queries) outcomes.add((await provedAsCounted(read, query, defaults)).capped);
    } finally {
      Object.assign(searchPlanning, defaults);
    }
    expect(outcomes).toEqual(new Set([true, false]));
  });

  it('words alone that many jobs hold are shown past the cap before their plan is weighed', async () => {
    const defaults = { ...searchPlanning };
    const read = reader(() => t, 'first');
    try {
      // Each trigram counted up to fewCandidates only: a word one of whose trigrams fewer jobs hold is planned
      // as before, from that exact count (`yoga instructor`, `Mumbai`).
      const queries: Record<string, string>[] = [
        { q: 'spa' },
        { q: 'guests', page: '4' },
        { title: 'therapist' },
        { q: 'yoga instructor' },
        { q: 'Mumbai', page: '2' },
      ];
      for (const query of queries) {
        Object.assign(searchPlanning, defaults, { wordProof: 'never' });
        const counted = await read(query);
        Object.assign(searchPlanning, defaults, { fewCandidates: 1000 });
        const before = searchPlanning.provenFirst;
        const shown = await read(query);
        expect(shown, JSON.stringify(query)).toEqual(counted);
        expect(searchPlanning.provenFirst - before, JSON.stringify(query)).toBe(counted.capped ? 1 : 0);
      }
      // Not with a filter, nor for a word the word index does not hold: the plan is weighed as before.
      Object.assign(searchPlanning, defaults, { fewCandidates: 1000 });
      const before = searchPlanning.provenFirst;
      await read({ q: 'spa', state: 'Maharashtra' });
      await read({ q: 'sap' });
      expect(searchPlanning.provenFirst).toBe(before);
    } finally {
      Object.assign(searchPlanning, defaults);
    }
  });
});

/** With every job in one city, a word in that city passes the cap: the index finds it there (migration 0020). */
describe('a count shown past the cap by the word index, in a city', () => {
  let t: TestApp;
  // A keyword in a city is read from the words' lists (decision 64) unless they are left out.
  beforeAll(async () => {
    searchPlanning.wordLists = false;
    t = await createTestApp({ seed: { spas: 1, jobs: TOTAL_CAP + 1500 } });
  }, 120_000);
  afterAll(async () => {
    searchPlanning.wordLists = true;
    await t.close();
  });

  it('is shown from the words of the city’s jobs, with the same page and total as counting', async () => {
    const defaults = { ...searchPlanning };
    const { city, state, category } = await t.database.db
      .selectFrom('jobs')
      .select(['city', 'state', 'category'])
      .executeTakeFirstOrThrow();
    const read = reader(() => t, 'place');
    try {
      const queries: Record<string, string>[] = [
        { q: 'guests', city },
        { q: 'guests', city, state, page: '4' },
        { q: 'guests', category },
        { q: 'guests', city: `${city} Nagar` },
      ];
      for (const query of queries) await provedAsCounted(read, query, defaults);
      // The city's own jobs pass the cap; a city whose name only holds its words does not.
      expect((await read({ q: 'guests', city })).capped).toBe(true);
      expect((await read({ q: 'guests', city: `${city} Nagar` })).total).toBe(0);
    } finally {
      Object.assign(searchPlanning, defaults);
    }
  });
});
