import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { searchPlanning } from '../../repositories/job-repository.ts';

type Shares = [string, number][];
interface Sample {
  jobs: number;
  search: Shares;
  title: Shares;
  titles: Shares;
}
interface JobText {
  title: string;
  spa_name: string;
  description: string;
}

const open = sql`is_active = 1 and (expires_at is null or expires_at > ${Date.now()})`;
const LETTERS = '\\p{L}\\p{N}\\p{M}\\p{Co}';
/** ASCII letters lower-cased, as LIKE folds them. */
const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
/** Whether a text holds a word whole: a second reading of the sample's words, by a pattern. */
const holdsWord = (text: string, word: string) =>
  new RegExp(`(^|[^${LETTERS}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^${LETTERS}])`, 'u').test(
    fold(text),
  );

describe("SQLite: a sample of the open jobs' words (decision 61)", () => {
  let t: TestApp | undefined;
  const defaults = { ...searchPlanning };
  afterEach(async () => {
    Object.assign(searchPlanning, defaults);
    await t?.close();
    t = undefined;
  });

  /** The words of a search's first statistics: asked for by a search, drawn in the background. */
  const sampled = async (app: TestApp) => {
    searchPlanning.sampledJobs = 0;
    for (let i = 0; i < 100 && searchPlanning.sampledJobs === 0; i++) {
      await app.app.inject({ url: '/api/v1/spajobs', query: { q: 'hygiene', _: String(i) } });
      await new Promise((r) => setTimeout(r, 50));
    }
    return searchPlanning.sampledJobs;
  };
  const aggregate = async (app: TestApp) => {
    const r = await sql<{ s: string }>`select job_word_sample(title, spa_name, description) as s
      from jobs where ${open}`.execute(app.database.db);
    return JSON.parse(r.rows[0]!.s) as Sample;
  };

  it('reads every open job of a small board, and gives each word the share of them holding it', async () => {
    t = await createTestApp();
    const rows = (
      await sql<JobText>`select title, spa_name, description from jobs where ${open}`.execute(t.database.db)
    ).rows;
    const closed = Number(
      (await sql<{ n: number }>`select count(*) as n from jobs where not (${open})`.execute(t.database.db))
        .rows[0]!.n,
    );
    expect(closed).toBeGreaterThan(0);
    expect(await sampled(t)).toBe(rows.length);

    const sample = await aggregate(t);
    expect(sample.jobs).toBe(rows.length);
    expect(sample.search.length).toBeGreaterThan(50);
    for (const [kind, text] of [
      ['search', (r: JobText) => [r.title, r.spa_name, r.description]],
      ['title', (r: JobText) => [r.title]],
    ] as const) {
      for (const [word, share] of sample[kind]) {
        const n = rows.filter((r) => text(r).some((x) => holdsWord(x, word))).length;
        expect(Math.round(share * rows.length), `${kind}: ${word}`).toBe(n);
      }
    }
    for (const [title, share] of sample.titles) {
      expect(Math.round(share * rows.length), title).toBe(rows.filter((r) => fold(r.title) === title).length);
    }
  });

  it('leaves closed jobs out, and folds only ASCII letters, as LIKE does', async () => {
    t = await createTestApp();
    const one = (
      await sql<{ id: number }>`select id from jobs where ${open} order by id limit 1`.execute(t.database.db)
    ).rows[0]!.id;
    // The Kelvin sign lower-cases to "k" in JavaScript, but LIKE does not take it for one.
    await sql`update jobs set title = ${'Head \u212Aerala Oilbath Therapist'} where id = ${one}`.execute(
      t.database.db,
    );
    const title = new Map((await aggregate(t)).title);
    expect(title.get('head')).toBeGreaterThan(0);
    expect(title.get('\u212Aerala')).toBeGreaterThan(0);
    expect(title.has('kerala')).toBe(false);
    await sql`update jobs set is_active = 0 where id = ${one}`.execute(t.database.db);
    const after = new Map((await aggregate(t)).title);
    expect(after.has('oilbath')).toBe(false);
  });

  it('draws blocks of ids at random on a board with more of them than the sample', async () => {
    searchPlanning.wordSample = 200;
    t = await createTestApp({ seed: { spas: 40, jobs: 500 } });
    const n = await sampled(t);
    // Two blocks of a hundred ids drawn from five (the same one twice, at times): the open jobs among them.
    expect(n).toBeGreaterThan(50);
    expect(n).toBeLessThanOrEqual(200);
  });
});
