import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';

/**
 * SQLite: several words, each held by many jobs but seldom together, are read from the jobs that hold
 * every word's rarest trigrams, not from the rarest word's (decision 72). The answers are those of the
 * rarest word's candidates, each tested.
 */
describe('SQLite: candidates of several words together', () => {
  let t: TestApp;
  const defaults = { ...searchPlanning };
  // Fewer than this many candidates are few (FEW_CANDIDATES at scale), sized to the small data set.
  const few = 100;

  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 30, jobs: 3000 } });
  }, 120_000);
  afterEach(() => void Object.assign(searchPlanning, { ...defaults, jointFew: searchPlanning.jointFew }));
  afterAll(() => t.close());

  let spelling = 0;
  const read = async (query: Record<string, string>, joint: boolean) => {
    Object.assign(
      searchPlanning,
      { ...defaults, jointFew: searchPlanning.jointFew },
      {
        fewCandidates: few,
        jointCandidates: joint,
        // The plans are weighed, not answered from the words' lists or shown past the cap first.
        wordLists: false,
        wordProof: 'never',
      },
    );
    const res = await t.app.inject({
      url: '/api/v1/spajobs',
      query: { limit: '4', ...query, _: String(++spelling) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: { _id: string }[]; total: number; totalCapped: boolean }>();
    return { total: body.total, capped: body.totalCapped, ids: body.data.map((j) => j._id) };
  };

  /** Open jobs whose title, description or spa's name holds the word (as the search tests it). */
  const holding = async (...words: string[]) => {
    const text = sql`lower(title || ' ' || description || ' ' || spa_name)`;
    const r = await sql<{ n: number }>`select count(*) as n from jobs where is_active = 1 and ${sql.join(
      words.map((w) => sql`${text} like ${`%${w}%`}`),
      sql` and `,
    )}`.execute(t.database.db);
    return Number(r.rows[0]!.n);
  };

  it('words common alone and rare together: the same jobs and count, from the joint candidates', async () => {
    for (const words of [
      ['hair', 'stylist', 'massage'],
      ['beautician', 'thai', 'spa'],
      ['massage', 'manager'],
    ]) {
      // The premise: each word is common, all together they are few.
      for (const w of words) expect(await holding(w), w).toBeGreaterThan(few);
      const together = await holding(...words);
      expect(together).toBeGreaterThan(4);
      expect(together).toBeLessThan(few / 2);
      for (const page of ['1', '2']) {
        const query = { q: words.join(' '), page };
        const before = searchPlanning.jointFew;
        const joint = await read(query, true);
        expect(searchPlanning.jointFew - before, query.q).toBe(1);
        expect(searchPlanning.lastPlan).toBe('index');
        const alone = await read(query, false);
        expect(searchPlanning.jointFew - before).toBe(1);
        expect(joint, query.q).toEqual(alone);
        expect(joint.total).toBe(together);
      }
    }
  });

  it('a title and a keyword are searched in their own columns: only terms of the same columns are joined', async () => {
    const query = { title: 'thai', q: 'massage manager' };
    const joint = await read(query, true);
    expect(joint).toEqual(await read(query, false));
  });

  it('a word that is already rare needs no joint count', async () => {
    const before = searchPlanning.jointFew;
    const query = { q: 'zqxj massage' };
    const joint = await read(query, true);
    expect(joint).toEqual({ total: 0, capped: false, ids: [] });
    expect(searchPlanning.jointFew).toBe(before);
  });
});
