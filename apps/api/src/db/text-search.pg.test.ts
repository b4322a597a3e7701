import { sql, type Expression, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeJobs, createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import {
  containsText,
  containsTextAsChosen,
  jobTextContains,
  jobTextContainsAsChosen,
  spaNameContains,
} from './text-search.ts';

describe("PostgreSQL's keyword test on a walk of the date order", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 300 } });
    const spaId = await insertSpa(t.database, { name: 'Lotus 100% Wellness' });
    await insertJob(t.database, spaId, {
      title: 'Makeup Artist',
      description: 'Bridal makeup, art of care.',
    });
    await insertJob(t.database, spaId, { title: 'मसाज थेरेपिस्ट', description: 'आयुर्वेदिक मसाज' });
    await analyzeJobs(t.database);
  });
  afterAll(() => t.close());

  /** The plan PostgreSQL makes for the jobs passing every test when nothing but a bitmap may be read. */
  const bitmapOnlyPlan = (tests: Expression<SqlBool>[]) =>
    t.database.db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql`set local enable_indexscan = off`.execute(tx);
      await sql`set local enable_indexonlyscan = off`.execute(tx);
      const r = await sql<{
        'QUERY PLAN': string;
      }>`explain select jobs.id from jobs where ${sql.join(tests, sql` and `)}`.execute(tx);
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  const ids = async (tests: Expression<SqlBool>[]) => {
    const r = await sql<{
      id: number;
    }>`select jobs.id from jobs where ${sql.join(tests, sql` and `)} order by jobs.id`.execute(t.database.db);
    return r.rows.map((row) => Number(row.id));
  };

  it('cannot be read from the trigram index, where the plain test can', async () => {
    const words = ['makeup', 'art'];
    expect(await bitmapOnlyPlan(words.map(jobTextContains))).toContain('jobs_search_trgm');
    // A job whose text goes on past what the walk's index carries is tested on its row, by a query of
    // its own (a SubPlan): the walk itself is not.
    const walk = await bitmapOnlyPlan(words.map(jobTextContainsAsChosen));
    expect(walk.split('SubPlan')[0]).not.toContain('jobs_search_trgm');
    // That query reads the one job's row by its id, never a hash of every job the words match.
    expect(walk).not.toMatch(/hashed/i);
    expect(walk).toContain('jobs_pkey');
    // The title's and the spa name's tests, likewise.
    const titled = [containsText('postgres', 'jobs.title', 'makeup')];
    expect(await bitmapOnlyPlan(titled)).toContain('jobs_title_trgm');
    expect(await bitmapOnlyPlan([containsTextAsChosen('jobs.title', 'makeup')])).not.toContain(
      'jobs_title_trgm',
    );
    expect(await ids([containsTextAsChosen('jobs.title', 'MAKEUP')])).toEqual(await ids(titled));
  });

  it("tests a title or a spa's name as ILIKE does", async () => {
    for (const column of ['jobs.title', 'jobs.spa_name']) {
      for (const text of [
        'MAKEUP',
        'lotus',
        '100%',
        '0%',
        'मसाज',
        'l_tus',
        'w%ss',
        'qzxv',
        '%',
        '_',
        'A',
        'p_',
        'ऑ',
      ]) {
        const plain = await ids([containsText('postgres', column, text)]);
        expect(await ids([containsTextAsChosen(column, text)]), `${column} ${text}`).toEqual(plain);
      }
    }
    // The tests above find something, so that agreeing is not agreeing on nothing.
    expect(await ids([containsTextAsChosen('jobs.spa_name', '100%')])).not.toEqual([]);
    expect(await ids([containsTextAsChosen('jobs.title', 'मसाज')])).not.toEqual([]);
  });

  it("tests a spa's name on a walk as on its row", async () => {
    const spas = async (test: Expression<SqlBool>) => {
      const r = await sql<{ id: number }>`select spas.id from spas where ${test} order by spas.id`.execute(
        t.database.db,
      );
      return r.rows.map((row) => Number(row.id));
    };
    for (const text of ['LOTUS', '100%', '0%', 'l_tus', 'a', 'qzxv']) {
      expect(await spas(spaNameContains('postgres', text, 'walk')), text).toEqual(
        await spas(spaNameContains('postgres', text, 'row')),
      );
    }
    expect(await spas(spaNameContains('postgres', '100%', 'walk'))).not.toEqual([]);
  });

  it('finds the same jobs as the plain test', async () => {
    const none = ['w_llness', 'qzxv', '_%', 'ऑ'];
    for (const words of [
      ['makeup', 'art'],
      ['Therapist'],
      ['100%'],
      ['मसाज'],
      ['w_llness'],
      ['qzxv'],
      // Short text, looked for with LIKE (decision 75): `%`, `_` and a backslash still taken literally.
      ['%'],
      ['0%'],
      ['_%'],
      ['A'],
      ['Ar'],
      ['ऑ'],
      ['मस'],
    ]) {
      const plain = await ids(words.map(jobTextContains));
      expect(await ids(words.map(jobTextContainsAsChosen)), words.join(' ')).toEqual(plain);
      if (!none.includes(words[0]!)) expect(plain.length, words.join(' ')).toBeGreaterThan(0);
    }
  });

  it('looks for text of three bytes or fewer with LIKE, and for longer text with strpos', () => {
    const statement = (text: string) =>
      t.database.db.selectFrom('jobs').select('id').where(jobTextContainsAsChosen(text)).compile().sql;
    for (const text of ['a', 'yo', 'spa', 'ऑ']) {
      expect(statement(text), text).toContain('like');
      expect(statement(text), text).not.toContain('strpos');
    }
    for (const text of ['yoga', 'stylist', 'मस']) {
      expect(statement(text), text).toContain('strpos');
      expect(statement(text), text).not.toMatch(/\blike\b/);
    }
  });
});
