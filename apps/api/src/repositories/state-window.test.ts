import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeJobs, createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import { wordListPages } from '../../test/word-list-pages.ts';
import { searchPlanning, SHORT_TEXT_WINDOW } from './job-repository.ts';

/**
 * One or two characters in a state (decision 92): the newest jobs of the window read from the entries of
 * the state's cities that carry the text, with the same pages and totals as the state's own jobs give;
 * all of a state's jobs, when it has fewer than the window holds.
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
    // SQLite reads a state's window from jobs_open_state_text (decision 93) unless told not to.
    searchPlanning.stateText = false;
  });
  afterAll(async () => {
    searchPlanning.shortWindow = SHORT_TEXT_WINDOW;
    searchPlanning.stateWindows = true;
    searchPlanning.stateText = true;
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

  it('reads the window as before with a category, pay or experience', async () => {
    const state = large[0]!;
    const queries: Record<string, string>[] = [
      { q: 'a', state, category: 'Therapist' },
      { q: 'a', state, salaryMin: '15000' },
      { q: 'a', state, experience: '1' },
    ];
    for (const query of queries) {
      const r = await both(query);
      expect(r.served, JSON.stringify(query)).toBe(false);
    }
  });

  it('reads every entry of a smaller state’s cities, unless another state has open jobs in one of them', async () => {
    const small = await insertSpa(t.database, { name: 'Lone Spa', city: 'Tinytown', state: 'Tinystate' });
    const lone = await insertJob(t.database, small, {
      title: 'Lone Aa Helper',
      city: 'Tinytown',
      state: 'Tinystate',
    });
    const alone = await both({ q: 'aa', state: 'Tinystate' });
    expect(alone.served).toBe(true);
    expect(alone.listed[0]!.ids).toEqual([String(lone)]);
    // The seeded states with fewer jobs than the window: the same pages either way.
    const r = await sql<{ state: string }>`select state from jobs where is_active = 1
      group by state having count(*) < ${WINDOW} order by count(*) desc`.execute(t.database.db);
    for (const { state } of r.rows.slice(0, 3)) await both({ q: 'a', state });
    // A job of a large state filed under Tinytown: Tinystate's search would read its city's entries for
    // nothing, and is read as before.
    const other = await insertSpa(t.database, { name: 'Far Spa', city: 'Tinytown', state: large[0]! });
    const far = await insertJob(t.database, other, {
      title: 'Far Aa Helper',
      city: 'Tinytown',
      state: large[0]!,
    });
    const shared = await both({ q: 'aa', state: 'Tinystate' });
    expect(shared.served).toBe(false);
    expect(shared.listed[0]!.ids).toEqual([String(lone)]);
    // Once that job closes, the city is Tinystate's alone again.
    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', far).execute();
    expect((await both({ q: 'aa', state: 'Tinystate' })).served).toBe(true);
  });
});
