import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';
import { listSearch, matching, searchData, type JobSearch, type OpenJob } from '../../../test/open-jobs.ts';

type Search = JobSearch & { title: string };

/**
 * PostgreSQL, a title with other words in a place whose pay and experience filters leave few of its jobs
 * (decision 78): titles, pay and experience are tested on the place's index, and only the rows of the jobs
 * left are read for the other words. It lists the same jobs, newest first, with the same total, as a
 * reading of every job here; and it is not taken where it would read as many rows as the walk.
 */
describe('PostgreSQL tests titles on the place index before reading rows', () => {
  let t: TestApp;
  let pay: number;
  let state: string;
  let city: string;
  let jobs: OpenJob[];
  beforeAll(async () => {
    ({ t, jobs, state, city, pay } = await searchData());
  }, 120_000);
  afterAll(async () => {
    Object.assign(searchPlanning, { force: undefined, titlesFirst: true });
    await t.close();
  });

  /** Every open job of the search, newest first, found here. */
  const expected = (s: Search) => matching(jobs, s);

  const listed = async (s: Search, page: number) => {
    const before = searchPlanning.fromTitlesFirst;
    const idsBefore = searchPlanning.fromIdsFirst;
    const body = await listSearch(t, s, page);
    const first = searchPlanning.fromTitlesFirst > before;
    // Titles first, the ids are read in a statement of their own, and then only their rows (decision 91).
    expect(searchPlanning.fromIdsFirst > idsBefore).toBe(first);
    return { ...body, first };
  };

  it('lists every open job of the search, however read', async () => {
    const searches = (): Search[] => [
      { q: 'spa', title: 'therapist', state, salaryMin: pay },
      { q: 'massage', title: 'therap', state, experience: 1, salaryMin: pay },
      { spa: 'spa', title: 'spa', category: 'Therapist', salaryMin: pay },
      {
        q: 'spa therapist',
        spa: 'e',
        title: 'the',
        state,
        category: 'Therapist',
        salaryMin: pay,
        experience: 3,
      },
      { q: 'spa', title: 'manager', city, category: 'Management', salaryMin: pay, experience: 5 },
    ];
    for (const force of ['titles', undefined, 'walk', 'index'] as const) {
      for (const s of searches()) {
        Object.assign(searchPlanning, { force });
        const label = `${force} ${JSON.stringify(s)}`;
        const all = expected(s);
        const first = await listed(s, 1);
        // Forced, each of these is read titles first: a place, pay or experience, a title and other words.
        if (force === 'titles') expect(first.first, label).toBe(true);
        if (force === 'walk') expect(first.first, label).toBe(false);
        expect(first.total, label).toBe(all.length);
        expect(first.ids, label).toEqual(all.slice(0, 4));
        const last = Math.max(1, Math.ceil(all.length / 4));
        expect((await listed(s, last)).ids, label).toEqual(all.slice((last - 1) * 4, last * 4));
      }
    }
    // Enough jobs for the comparison to mean something.
    expect(expected(searches()[0]!).length).toBeGreaterThan(8);
  });

  it("finds a place's jobs by pay and experience on its index first, with no title", async () => {
    // Decision 91: the ids of the state's jobs that pay enough, then only their rows, the words tested.
    const searches: JobSearch[] = [
      { q: 'spa', state, salaryMin: pay },
      { q: 'massage', state, salaryMin: pay },
      { q: 'spa', state, category: 'Therapist', salaryMin: pay, experience: 2 },
      { spa: 'spa', category: 'Therapist', salaryMin: pay },
    ];
    try {
      for (const force of ['titles', undefined, 'walk'] as const) {
        for (const s of searches) {
          Object.assign(searchPlanning, { force });
          const label = `${force} ${JSON.stringify(s)}`;
          const all = matching(jobs, s);
          const before = searchPlanning.fromIdsFirst;
          const first = await listSearch(t, s, 1);
          if (force === 'titles') expect(searchPlanning.fromIdsFirst, label).toBeGreaterThan(before);
          if (force === 'walk') expect(searchPlanning.fromIdsFirst, label).toBe(before);
          expect(first.total, label).toBe(all.length);
          expect(first.ids, label).toEqual(all.slice(0, 4));
          const last = Math.max(1, Math.ceil(all.length / 4));
          expect((await listSearch(t, s, last)).ids, label).toEqual(all.slice((last - 1) * 4, last * 4));
        }
      }
      expect(matching(jobs, searches[0]!).length).toBeGreaterThan(8);
    } finally {
      Object.assign(searchPlanning, { force: undefined });
    }
  });

  it('asks the disk for many rows of a bitmap at a time', async () => {
    // The rows of the jobs left, asked for by id, are read as one bitmap in the table's order, prefetched.
    const setting = await sql<{ effective_io_concurrency: string }>`show effective_io_concurrency`.execute(
      t.database.db,
    );
    expect(Number(setting.rows[0]!.effective_io_concurrency)).toBeGreaterThan(1);
  });

  it('walks the rows where the index would leave most of them, or carries every text', async () => {
    Object.assign(searchPlanning, { force: 'titles' });
    try {
      // No pay or experience, with a category: titles go with the kind of work, and most are left.
      expect((await listed({ q: 'spa', title: 'therapist', state, category: 'Therapist' }, 1)).first).toBe(
        false,
      );
      // A city alone: its index carries every text, and no row is read.
      expect((await listed({ q: 'spa', title: 'therapist', city, salaryMin: pay }, 1)).first).toBe(false);
      // No other word: the place's index answers the title alone.
      expect((await listed({ title: 'therapist', state, salaryMin: pay }, 1)).first).toBe(false);
      // Switched off, never.
      searchPlanning.titlesFirst = false;
      expect((await listed({ q: 'spa', title: 'therapist', state, salaryMin: pay }, 1)).first).toBe(false);
      searchPlanning.titlesFirst = true;
      expect((await listed({ q: 'spa', title: 'therapist', state, salaryMin: pay }, 1)).first).toBe(true);
    } finally {
      Object.assign(searchPlanning, { force: undefined, titlesFirst: true });
    }
  });
});
