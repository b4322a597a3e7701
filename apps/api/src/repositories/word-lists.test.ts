import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeJobs, createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import { wordListPages } from '../../test/word-list-pages.ts';
import { markCommonJobWords, pauseJobWords, rebuildJobWords, WORD_BREAKS } from '../db/job-words.ts';
import { textWords, WORD_BREAK } from '../db/sqlite/text-words.mjs';
import { searchPlanning } from './job-repository.ts';

/** The words' lists (decision 64): a keyword's jobs read from the words that contain it. */
describe("the lists of each word's jobs", () => {
  let t: TestApp;
  let spaId: number;
  const day = 86_400_000;

  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 600 } });
    spaId = await insertSpa(t.database, { name: 'Lotus 100% Wellness' });
    const at = Date.now() - 3 * day;
    await insertJob(t.database, spaId, {
      title: 'Senior BEAUTICIAN',
      description: 'Hair-stylist, nail_art and 100%natural care.',
      posted_at: at,
    });
    await insertJob(t.database, spaId, { title: 'मसाज थेरेपिस्ट', description: 'आयुर्वेदिक मसाज', posted_at: at });
    // Not open: expired, and closed. Neither may be found.
    await insertJob(t.database, spaId, { title: 'Zephyrine Therapist', expires_at: Date.now() - day });
    await insertJob(t.database, spaId, { title: 'Quokkaspa Therapist', is_active: 0 });
    // One word longer than an index entry holds: the job is saved, and found.
    await insertJob(t.database, spaId, {
      description: `${'x'.repeat(3000)}longword and more`,
      posted_at: at,
    });
    // Jobs posted at the same moment: the order falls back to their ids.
    for (let i = 0; i < 3; i++)
      await insertJob(t.database, spaId, { title: `Tiebreak Stylist ${i}`, posted_at: at - day });
    await analyzeJobs(t.database);
  });
  afterAll(async () => {
    searchPlanning.wordLists = true;
    await t.close();
  });

  const { pages, both: bothWays } = wordListPages(() => t);
  /** A keyword (in a city, with pay or experience) read from the lists and walked: see wordListPages. */
  const both = (q: string, city?: string, quick: Record<string, string> = {}) =>
    bothWays({ ...(city ? { q, city } : { q }), ...quick });

  it('cuts words at the same characters on both sides: the database and the code', async () => {
    const chars = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i + 1));
    const breaks = chars.filter((c) => WORD_BREAK.test(c));
    // ASCII white space and punctuation only: 5 + 1 + 32.
    expect(breaks).toHaveLength(38);
    if (t.engine === 'postgres') {
      const r = await sql<{
        c: string;
      }>`select c from unnest(${chars}::text[]) as c where c ~ ${WORD_BREAKS}`.execute(t.database.db);
      expect(r.rows.map((row) => row.c)).toEqual(breaks);
    }
    expect(textWords('Hair-Stylist, NAIL_art', 'ÉCOLE spa', 'मसाज।थेरेपिस्ट')).toEqual([
      'hair',
      'stylist',
      'nail',
      'art',
      'École',
      'spa',
      'मसाज।थेरेपिस्ट',
    ]);
  });

  it('finds what the walk finds, word parts, case, Devanagari and ties included', async () => {
    for (const q of [
      'beautician',
      'BEAUTICIAN',
      'stylist',
      'therap',
      'look',
      'nail',
      'natural',
      'मसाज',
      'आयुर्वे',
      'थेरेपिस्ट',
      'longword',
      'tiebreak',
      'xqzvkw',
    ]) {
      const { listed, served } = await both(q);
      expect(served, q).toBe(true);
      if (q !== 'xqzvkw') expect(listed[0]!.ids.length, q).toBeGreaterThan(0);
    }
    // `look` is in every seeded job's description: its deepest page is full.
    expect((await both('look')).listed[2]!.ids).toHaveLength(9);
    expect((await both('xqzvkw')).listed[0]!.total).toBe(0);
  });

  it("finds a keyword's jobs in one city as the walk does, and follows a job that moves", async () => {
    const pune = await insertSpa(t.database, { name: 'Marigold Retreat', city: 'Pune' });
    const inPune = await insertJob(t.database, pune, { title: 'Kumkumadi Beautician', city: 'Pune' });
    const inDelhi = await insertJob(t.database, spaId, { title: 'Kumkumadi Therapist' });
    const { listed, served } = await both('kumkumadi', 'Pune');
    expect(served).toBe(true);
    expect(listed[0]!.ids).toEqual([String(inPune)]);
    expect((await both('kumkumadi')).listed[0]!.ids).toEqual([String(inDelhi), String(inPune)]);
    // One keyword in a city, then several: the jobs holding every one of them; and whether some are found.
    for (const [q, city, found] of [
      ['beautician', 'New Delhi', true],
      ['therap', 'Mumbai', true],
      ['look', 'Mumbai', true],
      ['tiebreak', 'New Delhi', false],
      ['मसाज', 'New Delhi', true],
      ['look', 'Nowhere', false],
      ['kumkumadi beautician', 'Pune', true],
      ['kumkumadi therap', 'Pune', false],
      ['beautician senior', 'New Delhi', true],
      ['therap look', 'Mumbai', true],
      ['मसाज आयुर्वे', 'New Delhi', true],
      ['look xqzvkw', 'Mumbai', false],
      // A keyword the lists do not serve is tested on the rows the others find.
      ['kumkumadi ma', 'Pune', true],
      ['beautician hair-stylist', 'New Delhi', true],
    ] as const) {
      const r = await both(q, city);
      expect(r.served, `${q} ${city}`).toBe(true);
      if (found) expect(r.listed[0]!.ids.length, `${q} ${city}`).toBeGreaterThan(0);
    }
    expect((await both('kumkumadi beautician', 'Pune')).listed[0]!.ids).toEqual([String(inPune)]);
    expect((await both('kumkumadi therap', 'Pune')).listed[0]!.ids).toEqual([]);
    expect((await both('beautician hair-stylist', 'New Delhi')).listed[0]!.total).toBe(1);
    // Several keywords across the board, and keywords in a city none of which the lists serve, are left
    // to the walk.
    const walked: Record<string, string>[] = [
      { q: 'kumkumadi beautician' },
      { q: 'hair-stylist', city: 'New Delhi' },
      { q: 'hair-stylist ma', city: 'New Delhi' },
    ];
    for (const query of walked) {
      const before = searchPlanning.fromWordLists;
      await pages(query);
      expect(searchPlanning.fromWordLists, query.q).toBe(before);
    }
    await t.database.db.updateTable('jobs').set({ city: 'Nashik' }).where('id', '=', inPune).execute();
    expect((await both('kumkumadi', 'Pune')).listed[0]!.ids).toEqual([]);
    expect((await both('kumkumadi', 'Nashik')).listed[0]!.ids).toEqual([String(inPune)]);
    // The posted date beside the city is left to the walk.
    const before = searchPlanning.fromWordLists;
    await pages({ q: 'kumkumadi', city: 'Nashik', postedDate: '2026-01-01' });
    expect(searchPlanning.fromWordLists).toBe(before);
  });

  it('finds a keyword with pay and experience as the walk does, and follows a job whose pay changes', async () => {
    // Across the board, in a city, and several keywords in a city; each with pay, experience or both.
    let found = 0;
    for (const [q, city, quick] of [
      ['therap', undefined, { salaryMin: '25000' }],
      ['therapist', undefined, { experience: '1' }],
      ['beautician', undefined, { salaryMin: '15000', experience: '2' }],
      ['manager', undefined, { salaryMin: '40000', experience: '0' }],
      ['look', 'Mumbai', { salaryMin: '20000' }],
      ['therap look', 'Mumbai', { salaryMin: '18000', experience: '3' }],
      ['xqzvkw', undefined, { salaryMin: '10000' }],
    ] as const) {
      const r = await both(q, city, quick);
      expect(r.served, `${q} ${JSON.stringify(quick)}`).toBe(true);
      found += r.listed[0]!.total;
    }
    expect(found).toBeGreaterThan(0);
    const job = await insertJob(t.database, spaId, { title: 'Quillfeather Therapist', salary_min: 12_000 });
    expect((await both('quillfeather', undefined, { salaryMin: '20000' })).listed[0]!.ids).toEqual([]);
    await t.database.db
      .updateTable('jobs')
      .set({ salary_min: 30_000, experience_min: 4 })
      .where('id', '=', job)
      .execute();
    expect((await both('quillfeather', undefined, { salaryMin: '20000' })).listed[0]!.ids).toEqual([
      String(job),
    ]);
    // Four years asked: not for a candidate with two; a job that asks none is open to everyone.
    expect((await both('quillfeather', undefined, { experience: '2' })).listed[0]!.ids).toEqual([]);
    await t.database.db.updateTable('jobs').set({ experience_min: null }).where('id', '=', job).execute();
    expect((await both('quillfeather', undefined, { experience: '2' })).listed[0]!.ids).toEqual([
      String(job),
    ]);
  });

  it('finds a keyword in one category as the walk does, and follows a job that changes category (decision 82)', async () => {
    let found = 0;
    for (const [q, city, quick] of [
      ['therap', undefined, { category: 'Therapist' }],
      ['beautician', undefined, { category: 'Beauty & Salon' }],
      ['manager', undefined, { category: 'Therapist' }],
      ['look', 'Mumbai', { category: 'Management', salaryMin: '20000' }],
      ['therap look', 'Mumbai', { category: 'Therapist' }],
      ['xqzvkw', undefined, { category: 'Therapist' }],
    ] as const) {
      const r = await both(q, city, quick);
      expect(r.served, `${q} ${JSON.stringify(quick)}`).toBe(true);
      found += r.listed[0]!.total;
    }
    expect(found).toBeGreaterThan(0);
    // After a rebuild, as after a bulk load: the entries carry the category again.
    await rebuildJobWords(t.database.db, t.engine);
    const job = await insertJob(t.database, spaId, { title: 'Lemongrove Therapist', category: 'Ayurveda' });
    expect((await both('lemongrove', undefined, { category: 'Ayurveda' })).listed[0]!.ids).toEqual([
      String(job),
    ]);
    expect((await both('therap', undefined, { category: 'Ayurveda' })).listed[0]!.ids).toContain(String(job));
    await t.database.db.updateTable('jobs').set({ category: 'Wellness' }).where('id', '=', job).execute();
    expect((await both('lemongrove', undefined, { category: 'Ayurveda' })).listed[0]!.ids).toEqual([]);
    expect((await both('lemongrove', undefined, { category: 'Wellness' })).listed[0]!.ids).toEqual([
      String(job),
    ]);
  });

  it('finds a keyword in one state from its cities as the walk does, and leaves a state sharing a city to the walk (decision 92)', async () => {
    const served = async (query: Record<string, string>) => {
      const r = await bothWays(query);
      return { served: r.served, ids: r.listed[0]!.ids, total: r.listed[0]!.total };
    };
    const surat = await insertSpa(t.database, { name: 'Vetiver House', city: 'Surat', state: 'Gujarat' });
    const blr = await insertSpa(t.database, { name: 'Vetiver Court', city: 'Bengaluru', state: 'Karnataka' });
    const inSurat = await insertJob(t.database, surat, {
      title: 'Vetiver Therapist',
      city: 'Surat',
      state: 'Gujarat',
      salary_min: 25_000,
    });
    const inBlr = await insertJob(t.database, blr, {
      title: 'Vetiver Stylist',
      city: 'Bengaluru',
      state: 'Karnataka',
    });
    expect(await served({ q: 'vetiver', state: 'Gujarat' })).toEqual({
      served: true,
      ids: [String(inSurat)],
      total: 1,
    });
    expect((await served({ q: 'vetiver', state: 'Karnataka' })).ids).toEqual([String(inBlr)]);
    expect((await served({ q: 'vetiver therap', state: 'Karnataka' })).ids).toEqual([]);
    expect((await served({ q: 'vetiver therap', state: 'Gujarat' })).ids).toEqual([String(inSurat)]);
    expect((await served({ q: 'vetiver', state: 'Gujarat', salaryMin: '30000' })).ids).toEqual([]);
    // A city and a state together: the city's, if the state has it; none, if not.
    expect((await served({ q: 'vetiver', city: 'Surat', state: 'Gujarat' })).ids).toEqual([String(inSurat)]);
    expect(await served({ q: 'vetiver', city: 'Surat', state: 'Karnataka' })).toEqual({
      served: true,
      ids: [],
      total: 0,
    });
    // Other states and keywords, with the other filters; a state with no job.
    let found = 0;
    const queries: Record<string, string>[] = [
      { q: 'stylist', state: 'Karnataka' },
      { q: 'look', state: 'Karnataka', category: 'Therapist' },
      { q: 'therap', state: 'Gujarat', experience: '2' },
      { q: 'मसाज', state: 'Gujarat' },
      { q: 'stylist look', state: 'Karnataka' },
      { q: 'vetiver ma', state: 'Karnataka' },
      { q: 'look', state: 'Nowhere' },
    ];
    for (const query of queries) {
      const r = await served(query);
      expect(r.served, JSON.stringify(query)).toBe(true);
      found += r.total;
    }
    expect(found).toBeGreaterThan(0);
    // A job moved to another state is found in that state only.
    await t.database.db
      .updateTable('jobs')
      .set({ city: 'Mysuru', state: 'Karnataka' })
      .where('id', '=', inSurat)
      .execute();
    expect((await served({ q: 'vetiver', state: 'Gujarat' })).ids).toEqual([]);
    expect((await served({ q: 'vetiver', state: 'Karnataka' })).ids).toEqual([
      String(inBlr),
      String(inSurat),
    ]);
    // Rampur is a city of two states: the entries, which carry the city alone, cannot tell its jobs apart,
    // so either state is searched as before, with the same answers.
    const up = await insertJob(t.database, spaId, {
      title: 'Zarvelle Masseur',
      city: 'Rampur',
      state: 'Uttar Pradesh',
    });
    const hp = await insertJob(t.database, spaId, {
      title: 'Zarvelle Masseur',
      city: 'Rampur',
      state: 'Himachal Pradesh',
    });
    expect(await served({ q: 'zarvelle', state: 'Uttar Pradesh' })).toEqual({
      served: false,
      ids: [String(up)],
      total: 1,
    });
    expect(await served({ q: 'zarvelle', state: 'Himachal Pradesh' })).toEqual({
      served: false,
      ids: [String(hp)],
      total: 1,
    });
    // Once one of them has no open job, its city tells the other's again.
    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', hp).execute();
    expect(await served({ q: 'zarvelle', state: 'Uttar Pradesh' })).toEqual({
      served: true,
      ids: [String(up)],
      total: 1,
    });
    // A city of the state put in another's between reading the state's cities and its page: on PostgreSQL
    // both are read in one snapshot, which holds the jobs as they were; SQLite's page finds its places
    // changed and searches as before, which finds them as they are.
    await insertJob(t.database, spaId, { title: 'Zarvelle Stylist', city: 'Panaji', state: 'Goa' });
    await insertJob(t.database, spaId, { title: 'Panchakarma Therapist', city: 'Kochi', state: 'Kerala' });
    let inKerala = 0;
    searchPlanning.afterStatePlaces = async () => {
      searchPlanning.afterStatePlaces = undefined;
      inKerala = await insertJob(t.database, spaId, {
        title: 'Zarvelle Stylist',
        city: 'Panaji',
        state: 'Kerala',
      });
    };
    const before = searchPlanning.fromWordLists;
    const res = await t.app.inject({ url: '/api/v1/spajobs', query: { q: 'zarvelle', state: 'Kerala' } });
    expect(res.json<{ data: { _id: string }[] }>().data.map((j) => j._id)).toEqual(
      t.engine === 'postgres' ? [] : [String(inKerala)],
    );
    expect(searchPlanning.fromWordLists - before).toBe(t.engine === 'postgres' ? 1 : 0);
    expect(inKerala).toBeGreaterThan(0);
    // So is a state of more cities than the lists read at once.
    for (let i = 0; i < 17; i++)
      await insertJob(t.database, spaId, {
        title: 'Zarvelle Helper',
        city: `Town ${i}`,
        state: 'Manyplaces',
      });
    expect(await served({ q: 'zarvelle', state: 'Manyplaces' })).toMatchObject({ served: false, total: 17 });
  });

  it('leaves out jobs that are closed or expired', async () => {
    for (const q of ['zephyrine', 'quokkaspa']) {
      const { listed, served } = await both(q);
      expect(served, q).toBe(true);
      expect(listed[0]!.total, q).toBe(0);
    }
  });

  it('leaves keywords with punctuation, and short ones, to the walk, with the same answers', async () => {
    for (const q of ['hair-stylist', '100%natural', 'nail_art', 'ma']) {
      const { listed, served } = await both(q);
      expect(served, q).toBe(false);
      if (q !== 'ma') expect(listed[0]!.ids.length, q).toBe(1);
    }
  });

  it('keeps up with every write: new jobs, edits, spa names, closing, expiry and deletion', async () => {
    const found = async (q: string) => (await both(q)).listed[0]!.ids;
    const id = await insertJob(t.database, spaId, { title: 'Glimmerwax Artist' });
    expect(await found('glimmerwax')).toEqual([String(id)]);

    await t.database.db.updateTable('jobs').set({ title: 'Glowmist Artist' }).where('id', '=', id).execute();
    expect(await found('glimmerwax')).toEqual([]);
    expect(await found('glowmist')).toEqual([String(id)]);

    // The keyword searches the spa's name, which each job keeps (a trigger writes it).
    const spa = await insertSpa(t.database, { name: 'Saffronwood Spa' });
    const other = await insertJob(t.database, spa, { title: 'Spa Manager' });
    expect(await found('saffronwood')).toEqual([String(other)]);
    await t.database.db.updateTable('spas').set({ name: 'Tamarindleaf Spa' }).where('id', '=', spa).execute();
    expect(await found('saffronwood')).toEqual([]);
    expect(await found('tamarindleaf')).toEqual([String(other)]);

    // A view counted changes nothing that is listed.
    await t.database.db.updateTable('jobs').set({ views: 7 }).where('id', '=', id).execute();
    expect(await found('glowmist')).toEqual([String(id)]);

    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', id).execute();
    expect(await found('glowmist')).toEqual([]);
    await t.database.db.updateTable('jobs').set({ is_active: 1 }).where('id', '=', id).execute();
    expect(await found('glowmist')).toEqual([String(id)]);
    await t.database.db
      .updateTable('jobs')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', id)
      .execute();
    expect(await found('glowmist')).toEqual([]);

    await t.database.db.deleteFrom('jobs').where('id', '=', other).execute();
    expect(await found('tamarindleaf')).toEqual([]);
  });

  it('leaves a keyword inside a common word to the walk (SQLite) or its bits, and marks words common as they become so', async () => {
    const open = Number(
      (await sql<{ n: number }>`select count(*) as n from jobs where is_active = 1`.execute(t.database.db))
        .rows[0]!.n,
    );
    // Every seeded job's description says `guests`: common past a threshold of 100 jobs.
    const marked = await markCommonJobWords(t.database.db, t.engine, open, 100);
    expect(marked).toBeGreaterThan(0);
    const r = await sql<{ n: number }>`select count(*) as n from job_words
      join job_word_list w on w.id = job_words.word_id where w.word = 'guests'`.execute(t.database.db);
    expect(Number(r.rows[0]!.n)).toBe(0);
    for (const q of ['guests', 'guest']) {
      const { listed, served } = await both(q);
      // PostgreSQL reads them from the common words' bits (decision 77).
      expect(served, q).toBe(t.engine === 'postgres');
      expect(listed[0]!.total, q).toBeGreaterThan(100);
    }
    // A rarer word is still listed; with a common one in a city, the common one is tested on its rows.
    expect((await both('beautician')).served).toBe(true);
    const { listed, served } = await both('guests beautician', 'Mumbai');
    expect(served).toBe(true);
    expect(listed[0]!.total).toBeGreaterThan(0);
  });

  it('are not read while paused for a bulk load, and are whole again once made anew', async () => {
    await pauseJobWords(t.database.db);
    const during = await insertJob(t.database, spaId, { title: 'Pausewhile Therapist' });
    const { listed, served } = await both('pausewhile');
    expect(served).toBe(false);
    expect(listed[0]!.ids).toEqual([String(during)]);
    // As a server does at its start after a bulk load that stopped: once, and then the lists are whole.
    expect(await rebuildJobWords(t.database.db, t.engine, { ifPaused: true })).toBe(true);
    expect(await rebuildJobWords(t.database.db, t.engine, { ifPaused: true })).toBe(false);
    const again = await both('pausewhile');
    expect(again.served).toBe(true);
    expect(again.listed[0]!.ids).toEqual([String(during)]);
    for (const q of ['beautician', 'therap', 'मसाज', 'longword'])
      expect((await both(q)).served, q).toBe(true);
  });
});
