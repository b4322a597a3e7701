import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeJobs, createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import { wordListPages } from '../../test/word-list-pages.ts';
import { searchPlanning, SHORT_TEXT_WINDOW } from './job-repository.ts';

/**
 * One or two characters in a state (decision 92): the newest jobs of the window read from the entries of
 * the state's cities that carry the text, with the same pages and totals as the state's own jobs give.
 */
describe("a state's window of newest jobs, from its cities", () => {
  let t: TestApp;
  /** States with more open jobs than the window holds. */
  let large: string[] = [];
  const WINDOW = 40;

  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 600 } });
    await analyzeJobs(t.database);
    const r = await sql<{ state: string }>`select state from jobs where is_active = 1
      group by state having count(*) > ${WINDOW + 10} order by count(*) desc`.execute(t.database.db);
    large = r.rows.map((row) => row.state);
    searchPlanning.shortWindow = WINDOW;
  });
  afterAll(async () => {
    searchPlanning.shortWindow = SHORT_TEXT_WINDOW;
    searchPlanning.stateWindows = true;
    await t.close();
  });

  /** The pages read from the cities' entries, and read from the state's jobs: the same; and whether the first was. */
  const { both } = wordListPages(() => t, { off: 'stateWindows', count: 'fromStateWindows' });

  it('finds one or two characters in a state as its own jobs do', async () => {
    expect(large.length).toBeGreaterThan(0);
    let found = 0;
    for (const state of large) {
      const queries: Record<string, string>[] = [
        { q: 'a', state },
        { q: 'sp', state },
        { q: 'ऑ', state },
        { title: 'th', state },
        { q: 'e', state, postedDate: '2020-01-01' },
      ];
      for (const query of queries) {
        const r = await both(query);
        expect(r.served, JSON.stringify(query)).toBe(true);
        // The window holds WINDOW jobs: no more than that many match.
        expect(r.listed[0]!.total).toBeLessThanOrEqual(WINDOW);
        found += r.listed[0]!.total;
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('follows a job into another state, and a job in a city new to the state', async () => {
    const state = large[0]!;
    const spa = await insertSpa(t.database, { name: 'Quillon Spa', city: 'Newtown', state });
    const job = await insertJob(t.database, spa, { title: 'Quillon Aa Therapist', city: 'Newtown', state });
    const r = await both({ q: 'aa', state });
    expect(r.served).toBe(true);
    expect(r.listed[0]!.ids[0]).toBe(String(job));
    await t.database.db.updateTable('jobs').set({ state: 'Elsewhere' }).where('id', '=', job).execute();
    expect((await both({ q: 'aa', state })).listed[0]!.ids).not.toContain(String(job));
  });

  it('reads the window as before with a category, pay or experience, or when the state has fewer jobs', async () => {
    const state = large[0]!;
    const small = await insertSpa(t.database, { name: 'Lone Spa', city: 'Tinytown', state: 'Tinystate' });
    await insertJob(t.database, small, { title: 'Lone Aa Helper', city: 'Tinytown', state: 'Tinystate' });
    const queries: Record<string, string>[] = [
      { q: 'a', state, category: 'Therapist' },
      { q: 'a', state, salaryMin: '15000' },
      { q: 'a', state, experience: '1' },
      { q: 'aa', state: 'Tinystate' },
    ];
    for (const query of queries) {
      const r = await both(query);
      expect(r.served, JSON.stringify(query)).toBe(false);
    }
    expect((await both({ q: 'aa', state: 'Tinystate' })).listed[0]!.total).toBe(1);
  });
});
