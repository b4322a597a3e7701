import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeJobs, createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import { wordListPages } from '../../test/word-list-pages.ts';
import { searchPlanning, SHORT_TEXT_WINDOW } from './job-repository.ts';

/**
 * SQLite, words in a state (decision 93): tested on the entries of jobs_open_state_text, with the same pages
 * and totals as the state's jobs' rows give, read one by one.
 */
describe("words in a state, on the entries of the state's index that carries the text", () => {
  let t: TestApp;
  let states: string[] = [];
  const WINDOW = 40;
  const FEW = searchPlanning.fewCandidates;

  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 600 } });
    await analyzeJobs(t.database);
    const r = await sql<{ state: string }>`select state from jobs where is_active = 1
      group by state order by count(*) desc`.execute(t.database.db);
    states = r.rows.map((row) => row.state);
    // The words' lists would answer most keywords: the walks are what is compared.
    searchPlanning.wordLists = false;
    searchPlanning.shortWindow = WINDOW;
  });
  afterAll(async () => {
    searchPlanning.wordLists = true;
    searchPlanning.stateText = true;
    searchPlanning.force = undefined;
    searchPlanning.shortWindow = SHORT_TEXT_WINDOW;
    await t.close();
  });

  const { both } = wordListPages(() => t, { off: 'stateText', count: 'fromStateText' });

  it('finds words in a state as the state’s rows do, with every other filter, walked or planned', async () => {
    expect(states.length).toBeGreaterThan(1);
    let found = 0;
    for (const state of states.slice(0, 3)) {
      // Words that the walk is forced for (a rare word's few candidates are read from the text index).
      const walked: Record<string, string>[] = [
        { q: 'therapist', state },
        { q: 'massage spa', state },
        { q: 'Therapist', state, salaryMin: '20000' },
        { q: 'spa', state, experience: '1' },
        { q: 'the', state, postedDate: '2020-01-01' },
        { q: 'guests', state, title: 'therap' },
        { spa: 'spa', state },
        // One or two characters: the window of the state's newest jobs.
        { q: 'a', state },
        { q: 'ऑ', state },
      ];
      // Walked even where the text index holds few candidates.
      searchPlanning.force = 'walk';
      searchPlanning.fewCandidates = 1;
      try {
        for (const query of walked) {
          const r = await both(query);
          expect(r.served, JSON.stringify(query)).toBe(true);
          found += r.listed[0]!.total;
        }
      } finally {
        searchPlanning.force = undefined;
        searchPlanning.fewCandidates = FEW;
      }
      // As planned, whichever way each is read.
      for (const query of [...walked, { q: 'मसाज', state }, { q: 'therapist guests', state }])
        await both(query);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('reads a state’s jobs as before with a category or a city, and titles alone from the listing index', async () => {
    const state = states[0]!;
    for (const query of [
      { q: 'therapist', state, category: 'Therapist' },
      { q: 'therapist', state, city: 'Pune' },
      { title: 'therapist', state },
    ] as Record<string, string>[]) {
      const r = await both(query);
      expect(r.served, JSON.stringify(query)).toBe(false);
    }
  });

  it('follows a job into another state and out of the open jobs', async () => {
    const state = states[0]!;
    const spa = await insertSpa(t.database, { name: 'Zorvane Spa', city: 'Newtown', state });
    const job = await insertJob(t.database, spa, { title: 'Zorvane Therapist', city: 'Newtown', state });
    searchPlanning.force = 'walk';
    searchPlanning.fewCandidates = 1;
    const first = await both({ q: 'zorvane', state });
    searchPlanning.force = undefined;
    searchPlanning.fewCandidates = FEW;
    expect(first.served).toBe(true);
    expect(first.listed[0]!.ids).toEqual([String(job)]);
    await t.database.db.updateTable('jobs').set({ state: 'Elsewhere' }).where('id', '=', job).execute();
    expect((await both({ q: 'zorvane', state })).listed[0]!.total).toBe(0);
    expect((await both({ q: 'zorvane', state: 'Elsewhere' })).listed[0]!.ids).toEqual([String(job)]);
    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', job).execute();
    expect((await both({ q: 'zorvane', state: 'Elsewhere' })).listed[0]!.total).toBe(0);
  });
});
