import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';
import { listSearch, matching, searchData, type JobSearch, type OpenJob } from '../../../test/open-jobs.ts';

type Search = JobSearch & { q: string };

/**
 * PostgreSQL, a walk of a place's or a category's jobs planned to stop at the cap is read in date order with
 * sorting disfavoured for its statement alone (decision 80). It lists the same jobs, newest first, with the
 * same total, as a reading of every job here, and as the same walk read as PostgreSQL chooses.
 */
describe('PostgreSQL keeps a capped walk in date order', () => {
  let t: TestApp;
  let pay: number;
  let state: string;
  let city: string;
  let jobs: OpenJob[];
  beforeAll(async () => {
    ({ t, jobs, state, city, pay } = await searchData());
  }, 120_000);
  afterAll(async () => {
    Object.assign(searchPlanning, { force: undefined, walksInOrder: true });
    await t.close();
  });

  /** Every open job of the search, newest first, found here. */
  const expected = (s: Search) => matching(jobs, s);

  const listed = async (s: Search, page: number) => {
    const before = searchPlanning.fromWalksInOrder;
    const body = await listSearch(t, s, page);
    return { ...body, inOrder: searchPlanning.fromWalksInOrder > before };
  };

  it('lists every open job of the search, in order or as PostgreSQL chooses', async () => {
    const searches = (): Search[] => [
      { q: 'spa', category: 'Therapist' },
      { q: 'therapist', state, salaryMin: pay },
      { q: 'spa massage', city, category: 'Therapist', experience: 2 },
      { q: 'manager', title: 'manager', category: 'Management', salaryMin: pay },
      { q: 'spa', state, category: 'Therapist' },
    ];
    for (const walksInOrder of [true, false]) {
      for (const s of searches()) {
        Object.assign(searchPlanning, { force: 'ordered', walksInOrder });
        const label = `${walksInOrder} ${JSON.stringify(s)}`;
        const all = expected(s);
        const first = await listed(s, 1);
        expect(first.inOrder, label).toBe(walksInOrder);
        expect(first.total, label).toBe(all.length);
        expect(first.ids, label).toEqual(all.slice(0, 4));
        const last = Math.max(1, Math.ceil(all.length / 4));
        expect((await listed(s, last)).ids, label).toEqual(all.slice((last - 1) * 4, last * 4));
      }
    }
    // Enough jobs for the comparison to mean something.
    expect(expected(searches()[0]!).length).toBeGreaterThan(8);
  });

  it('is kept for walks of a place or a category that stop early', async () => {
    try {
      Object.assign(searchPlanning, { force: 'ordered', walksInOrder: true });
      // No place or category: the walk is of every open job in date order already.
      expect((await listed({ q: 'spa' }, 1)).inOrder).toBe(false);
      // A walk expected to pass every job of the filters, or of unknown length: as PostgreSQL chooses.
      Object.assign(searchPlanning, { force: 'titles' });
      expect((await listed({ q: 'spa', category: 'Therapist' }, 1)).inOrder).toBe(false);
      Object.assign(searchPlanning, { force: 'walk' });
      expect((await listed({ q: 'spa', category: 'Therapist' }, 1)).inOrder).toBe(false);
      Object.assign(searchPlanning, { force: 'ordered' });
      expect((await listed({ q: 'spa', category: 'Therapist' }, 1)).inOrder).toBe(true);
      // Switched off, never.
      searchPlanning.walksInOrder = false;
      expect((await listed({ q: 'spa', category: 'Therapist' }, 1)).inOrder).toBe(false);
    } finally {
      Object.assign(searchPlanning, { force: undefined, walksInOrder: true });
    }
  });
});
