import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { likePattern, signatureHolds } from '../../db/text-search.ts';
import { activeJobFilter, filtersSource, searchPlanning } from '../../repositories/job-repository.ts';

interface ListBody {
  data: { _id: string }[];
  total: number;
}

/**
 * SQLite: a walk of the indexes that carry the jobs' text tests each term's bits of the text signature on
 * the entries before its LIKEs (migration 0033, decision 58). The bits are read from the entries, never
 * computed on a read; a job's edit and its spa's new name reach them in the write itself; and what a
 * search finds is what LIKE alone finds.
 */
describe('SQLite: text signatures on the walks', () => {
  let t: TestApp;
  // The plans weighed here are those of a keyword the words' lists do not answer (decision 64): the
  // lists are left out, so that a keyword alone is planned as one with a filter, or past a common word, is.
  beforeAll(async () => {
    searchPlanning.wordLists = false;
    t = await createTestApp({ seed: { spas: 20, jobs: 600 } });
  }, 120_000);
  afterAll(async () => {
    searchPlanning.wordLists = true;
    await t.close();
  });

  /**
   * Open jobs (of a city, paying at least `salaryMin`) holding `term`, newest first, tested as a signed walk
   * tests them; with a pay floor, read from the pay range as a search reads it (decision 59).
   */
  const walk = (term: string, city?: string, salaryMin?: number): CompiledQuery => {
    const now = Date.now();
    const pattern = `%${term}%`;
    const paid = salaryMin ? ('paid' as const) : undefined;
    return filtersSource(t.database.db, 'sqlite', { city, salaryMin }, false, true, 'newest', paid)
      .select(['jobs.id'])
      .where((eb) =>
        eb.and([
          activeJobFilter(eb, now),
          ...(city ? [eb('jobs.city', '=', city)] : []),
          ...(salaryMin ? [eb('jobs.salary_min', '>=', salaryMin)] : []),
          signatureHolds(term)!,
          eb.or([
            eb('jobs.title', 'like', pattern),
            eb('jobs.spa_name', 'like', pattern),
            eb('jobs.description', 'like', pattern),
          ]),
        ]),
      )
      .orderBy('jobs.posted_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(10)
      .compile();
  };

  const explained = async (q: CompiledQuery, how: 'explain' | 'explain query plan') =>
    (await t.database.db.executeQuery<Record<string, unknown>>({ ...q, sql: `${how} ${q.sql}` })).rows;

  it('reads the signature from the entries of the index that carries the text, all jobs’, a city’s or a pay range’s', async () => {
    for (const [city, index, salaryMin] of [
      [undefined, 'jobs_open_text', undefined],
      ['Mumbai', 'jobs_open_city_text', undefined],
      [undefined, 'jobs_open_salary_text', 20_000],
    ] as const) {
      const q = walk('therapist', city, salaryMin);
      const plan = (await explained(q, 'explain query plan')).map((r) => r.detail).join(' | ');
      expect(plan).toMatch(new RegExp(`COVERING INDEX ${index}\\b`));
      // The pay range is put in date order after its test; the others are read in it.
      if (salaryMin) expect(plan).toContain('(salary_min>?)');
      else expect(plan).not.toContain('TEMP B-TREE');
      // No step of the program calls the function: each word is the entry's own column.
      const program = await explained(q, 'explain');
      const calls = program.filter(
        (r) => String(r.opcode).includes('Function') && String(r.p4).includes('job_text_signature'),
      );
      expect(calls).toEqual([]);
      expect(program.some((r) => r.opcode === 'BitAnd')).toBe(true);
    }
  });

  let spelling = 0;
  const search = async (query: Record<string, string>) => {
    const res = await t.app.inject({
      url: '/api/v1/spajobs',
      query: { limit: '50', ...query, _: `signature-${++spelling}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ListBody>();
    return { total: body.total, ids: body.data.map((j) => j._id), plan: searchPlanning.lastPlan };
  };

  /** Open jobs holding every word, newest first, by LIKE alone on every job's row. */
  const byLike = async (words: string[], city?: string) => {
    const now = Date.now();
    const rows = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.and([
          activeJobFilter(eb, now),
          ...(city ? [eb('city', '=', city)] : []),
          ...words.map((w) => {
            const p = likePattern(w);
            return eb.or([
              sql<boolean>`title like ${p} escape '\\'`,
              sql<boolean>`spa_name like ${p} escape '\\'`,
              sql<boolean>`description like ${p} escape '\\'`,
            ]);
          }),
        ]),
      )
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => String(r.id));
  };

  it('finds what LIKE alone finds: case, Devanagari, several words, a city', async () => {
    const defaults = { ...searchPlanning };
    try {
      // Walked however few jobs hold the words, which a board this small would otherwise read from the
      // trigram index's candidates.
      Object.assign(searchPlanning, { force: 'walk', fewCandidates: 0 });
      for (const [q, city] of [
        ['THERAPIST', undefined],
        ['Guests', undefined],
        ['thai massage', undefined],
        ['spa', 'Mumbai'],
        ['therapist', 'Pune'],
        ['मसाज', undefined],
        ['zqxvbn', undefined],
      ] as const) {
        const got = await search({ q, ...(city ? { city } : {}) });
        expect(got.plan).toBe('walk');
        const all = await byLike(q.toLowerCase().split(' '), city);
        expect({ q, total: got.total, ids: got.ids }).toEqual({
          q,
          total: all.length,
          ids: all.slice(0, 50),
        });
      }
    } finally {
      Object.assign(searchPlanning, defaults, { force: undefined });
    }
  });

  it('a job’s new title and its spa’s new name are found at once; the old ones no longer', async () => {
    const defaults = { ...searchPlanning };
    const job = await t.database.db
      .selectFrom('jobs')
      .select(['id', 'spa_id'])
      .where('is_active', '=', 1)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', Date.now())]))
      .orderBy('posted_at', 'desc')
      .executeTakeFirstOrThrow();
    try {
      Object.assign(searchPlanning, { force: 'walk', fewCandidates: 0 });
      await t.database.db
        .updateTable('jobs')
        .set({ title: 'Kalaripayattu Coach' })
        .where('id', '=', job.id)
        .execute();
      expect((await search({ q: 'kalaripayattu' })).ids).toEqual([String(job.id)]);
      await t.database.db.updateTable('jobs').set({ title: 'Yoga Coach' }).where('id', '=', job.id).execute();
      expect((await search({ q: 'kalaripayattu' })).ids).toEqual([]);

      await t.database.db
        .updateTable('spas')
        .set({ name: 'Vrindavan Retreat' })
        .where('id', '=', job.spa_id)
        .execute();
      const renamed = await search({ q: 'vrindavan' });
      expect(renamed.ids).toContain(String(job.id));
      expect(renamed.ids).toEqual(await byLike(['vrindavan']));
    } finally {
      Object.assign(searchPlanning, defaults, { force: undefined });
    }
  });
});
