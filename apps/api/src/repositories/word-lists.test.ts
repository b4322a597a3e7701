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
    // Another filter beside the city is left to the walk.
    const before = searchPlanning.fromWordLists;
    await pages({ q: 'kumkumadi', city: 'Nashik', state: 'Maharashtra' });
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
