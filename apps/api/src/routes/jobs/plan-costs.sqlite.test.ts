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
 * A city's jobs carry their text in an index of their own (decision 44), and so do a state's (decision 93):
 * a word there is tested on its entries, without a row. Several words must all be found: a walk passes over the jobs until it has them
 * all together, which may be every open job when each word is common but the words together are rare
 * (decision 48).
 */
describe("SQLite's choice between the word's candidates and the filter's jobs", () => {
  let t: TestApp;
  // The plans weighed here are those of a keyword the words' lists do not answer (decision 64): the
  // lists are left out, so that a keyword alone is planned as one with a filter, or past a common word, is.
  beforeAll(async () => {
    searchPlanning.wordLists = false;
    t = await createTestApp({ seed: { spas: 20, jobs: 800 } });
  }, 120_000);
  afterAll(async () => {
    searchPlanning.wordLists = true;
    await t.close();
  });

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

  it('a word in a state’s rows keeps its candidates among them; on entries, in a state or a city, walks them; alone, it reads them', async () => {
    const defaults = { ...searchPlanning };
    const { city, state } = await t.database.db
      .selectFrom('jobs')
      .select(['city', 'state'])
      .where('is_active', '=', 1)
      .where('title', 'like', '%stylist%')
      .executeTakeFirstOrThrow();
    const inState = { q: 'stylist', state };
    const inCity = { q: 'stylist', city };
    try {
      // A state's jobs read row by row, as before decision 93.
      searchPlanning.stateText = false;
      // The filters' shares come from the summary, counted in the background after the first search.
      let got = await read(inState);
      for (let i = 0; i < 50 && got.plan !== 'semijoin'; i++) {
        await new Promise((done) => setTimeout(done, 100));
        got = await read(inState);
      }
      expect(got.plan).toBe('semijoin');
      expect(got.total).toBeGreaterThan(0);
      // On the entries of the state's index that carries the text, as on a city's.
      searchPlanning.stateText = true;
      const stateWalked = await read(inState);
      expect(stateWalked.plan).toBe('walk');
      expect({ total: stateWalked.total, ids: stateWalked.ids }).toEqual({ total: got.total, ids: got.ids });
      const walked = await read(inCity);
      expect(walked.plan).toBe('walk');
      expect(walked.total).toBeGreaterThan(0);
      expect((await read({ q: 'stylist' })).plan).toBe('index');

      // Either way, the same jobs.
      Object.assign(searchPlanning, { force: 'index' });
      const byIndex = await read(inState);
      expect(byIndex.plan).toBe('index');
      expect({ total: got.total, ids: got.ids }).toEqual({ total: byIndex.total, ids: byIndex.ids });
      const cityByIndex = await read(inCity);
      expect({ total: walked.total, ids: walked.ids }).toEqual({
        total: cityByIndex.total,
        ids: cityByIndex.ids,
      });
    } finally {
      // The defaults hold no forced plan, so Object.assign alone would leave the one set above.
      Object.assign(searchPlanning, defaults, { force: undefined });
    }
  });

  it('several words that each many jobs hold, but few together, read the rarest one’s candidates', async () => {
    const defaults = { ...searchPlanning };
    // Two words held by a few jobs together. Not `mumbai`, whose jobs (the most of any city here) make its
    // candidates cost more than a walk that leaves most entries on their text signatures (decision 58).
    const words = { q: 'manager delhi' };
    searchPlanning.force = undefined;
    try {
      // Every word taken as held by too many jobs to read them all alone (as on a large board).
      searchPlanning.fewCandidates = 2;
      let got = await read(words);
      for (let i = 0; i < 50 && got.plan !== 'index'; i++) {
        await new Promise((done) => setTimeout(done, 100));
        got = await read(words);
      }
      expect(got.plan).toBe('index');
      expect(got.total).toBeGreaterThan(0);
      expect(got.total).toBeLessThan(40);
      // One word alone, held by more jobs than the pair, is still walked for.
      expect((await read({ q: 'manager' })).plan).not.toBe('index');
      Object.assign(searchPlanning, { force: 'walk' });
      const walked = await read(words);
      expect(walked.plan).toBe('walk');
      expect({ total: walked.total, ids: walked.ids }).toEqual({ total: got.total, ids: got.ids });
    } finally {
      Object.assign(searchPlanning, defaults, { force: undefined });
    }
  });
});
