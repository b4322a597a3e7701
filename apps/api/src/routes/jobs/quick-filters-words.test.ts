import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';
import { listSearch, matching, searchData, type JobSearch, type OpenJob } from '../../../test/open-jobs.ts';

type Search = JobSearch & { q: string };

/**
 * Words with the jobs page's quick filters (decision 49): pay from an amount and the experience a candidate
 * has, tested on the entries of the indexes that carry the text (migration 0030), or on the rows of the jobs
 * that pay enough, read from an index ordered by pay (decisions 49 and 54). Every way of reading lists the
 * same jobs, newest first, with the same total, as a reading of every job here. On both engines.
 */
describe('words with pay and experience filters', () => {
  let t: TestApp;
  let city: string;
  let pay: number;
  let jobs: OpenJob[];
  beforeAll(async () => {
    ({ t, jobs, city, pay } = await searchData());
  }, 120_000);
  afterAll(() => t.close());

  /** Every open job of the search, newest first, found here. */
  const expected = (s: Search) => matching(jobs, s);

  const listed = (s: Search, page: number, limit: number) => listSearch(t, s, page, limit);

  const searches = (): Search[] => [
    { q: 'therapist', salaryMin: pay },
    { q: 'spa', experience: 1 },
    { q: 'massage', salaryMin: pay, experience: 3 },
    { q: 'therapist', city, salaryMin: pay },
    { q: 'spa', city, experience: 2 },
    { q: 'spa therapist', salaryMin: pay },
    { q: 'spa', salaryMin: 1_000_000 },
  ];

  it('list every open job holding the words that pays enough and asks no more experience, however read', async () => {
    const sqlite = t.database.engine === 'sqlite';
    const defaults = { ...searchPlanning };
    const ways: Partial<typeof searchPlanning>[] = [
      {},
      { fewCandidates: 1, force: 'walk' },
      { force: 'index' },
      { force: 'paid' },
      ...(sqlite ? [{ fewCandidates: 1, force: 'semijoin' as const }] : []),
    ];
    try {
      for (const way of ways) {
        for (const s of searches()) {
          Object.assign(searchPlanning, defaults, way, { lastQuick: undefined });
          const label = `${JSON.stringify(way)} ${JSON.stringify(s)}`;
          const all = expected(s);
          if (s.salaryMin !== 1_000_000) expect(all.length, label).toBeGreaterThan(8);
          const idsBefore = searchPlanning.fromIdsFirst;
          const first = await listed(s, 1, 4);
          if (way.force === 'paid' && s.salaryMin) expect(searchPlanning.lastQuick, label).toBe('paid');
          // PostgreSQL, in a city: the ids of the jobs that pay enough are read first, then only their rows
          // (decision 91).
          if (!sqlite && way.force === 'paid' && s.salaryMin && s.city)
            expect(searchPlanning.fromIdsFirst, label).toBeGreaterThan(idsBefore);
          expect(first.total, label).toBe(all.length);
          expect(first.totalCapped, label).toBe(false);
          expect(
            first.data.map((j) => j._id),
            label,
          ).toEqual(all.slice(0, 4));
          expect(
            (await listed(s, 2, 4)).data.map((j) => j._id),
            label,
          ).toEqual(all.slice(4, 8));
          const last = Math.max(1, Math.ceil(all.length / 4));
          expect(
            (await listed(s, last, 4)).data.map((j) => j._id),
            label,
          ).toEqual(all.slice((last - 1) * 4, last * 4));
        }
      }
    } finally {
      Object.assign(searchPlanning, defaults);
    }
  });
});
