import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeJobs, createTestApp, schemaClient, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import type { ListBody } from '../../test/word-statistics-board.ts';
import { wordListPages } from '../../test/word-list-pages.ts';
import { markCommonJobWords, rebuildJobWords, WORD_BREAKS } from '../db/job-words.ts';
import { searchPlanning } from './job-repository.ts';

/**
 * PostgreSQL: the common words' bits (migrations 0041 and 0042, decision 77). A keyword inside common words is
 * read from the jobs' rows of bits, newest first, and finds what the walk of the date order finds.
 */
const DAY = 86_400_000;

/** The open jobs counted from their text, and from their rows of bits, for each common word with a bit. */
async function heldBothWays(t: TestApp) {
  const r = await sql<{ word: string; by_text: number; by_bits: number }>`
    select w.word,
      (select count(*)::int from jobs j where j.is_active = 1
        and exists (select 1 from regexp_split_to_table(j.search_text, ${WORD_BREAKS}) as s(x) where s.x = w.word)
      ) as by_text,
      (select count(*)::int from job_common_words c join jobs j on j.id = c.job_id
        where j.is_active = 1 and c.words & (1::bigint << w.bit) <> 0) as by_bits
    from job_word_list w where w.bit is not null order by w.word`.execute(t.database.db);
  return r.rows;
}

describe('common words read from their bits', () => {
  let t: TestApp;
  let spaId: number;

  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 600 } });
    spaId = await insertSpa(t.database, { name: 'Lotus Wellness' });
    // `guests` is in every seeded job's description; `guestroom` in one job only.
    await insertJob(t.database, spaId, {
      title: 'Guestroom Attendant',
      description: 'Keeps each guestroom ready.',
      posted_at: Date.now() - 2 * DAY,
    });
    await analyzeJobs(t.database);
    const open = Number(
      (await sql<{ n: number }>`select count(*) as n from jobs where is_active = 1`.execute(t.database.db))
        .rows[0]!.n,
    );
    // Past a threshold of 100 jobs: the words of the seeded descriptions and titles become common.
    expect(await markCommonJobWords(t.database.db, t.engine, open, 100)).toBeGreaterThan(0);
  });
  afterAll(async () => {
    searchPlanning.wordLists = true;
    await t.close();
  });

  const { both } = wordListPages(() => t);

  it('gives the marked words bits, and each open job holding them its row, with no entries left', async () => {
    const held = await heldBothWays(t);
    expect(held.map((h) => h.word)).toContain('guests');
    for (const h of held) expect(h.by_bits, h.word).toBe(h.by_text);
    const left = await sql<{ n: number }>`select count(*)::int as n from job_words e
      join job_word_list w on w.id = e.word_id where w.common`.execute(t.database.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('finds a keyword inside common words as the walk does: alone, in a city, with pay, deep', async () => {
    let found = 0;
    const queries: Record<string, string>[] = [
      { q: 'guests' },
      { q: 'GUESTS' },
      { q: 'uest' },
      { q: 'guests', city: 'Mumbai' },
      { q: 'guests', salaryMin: '25000' },
      { q: 'guests', experience: '1', city: 'Pune' },
      { q: 'guests', city: 'Nowhere' },
    ];
    for (const query of queries) {
      const { listed, served } = await both(query);
      expect(served, JSON.stringify(query)).toBe(true);
      found += listed[0]!.total;
    }
    expect(found).toBeGreaterThan(600);
    // Every open job holds `guests`: the deepest page asked is full.
    expect((await both({ q: 'guests' })).listed[2]!.ids).toHaveLength(9);
  });

  it('merges a common word with a rarer word that holds the keyword too', async () => {
    // `guest` is inside `guests` (common, a bit) and `guestroom` (listed): both are read.
    const { listed, served } = await both({ q: 'guest' });
    expect(served).toBe(true);
    const { listed: rare } = await both({ q: 'guestroom' });
    expect(rare[0]!.ids).toHaveLength(1);
    // The attendant's job does not say `guests`: one job more than those that do.
    expect(listed[0]!.total).toBe((await both({ q: 'guests' })).listed[0]!.total + 1);
  });

  it('finds several keywords in a city, common and rare together, as the walk does', async () => {
    const therapist = await insertJob(t.database, spaId, {
      title: 'Quillfern Therapist',
      city: 'Mumbai',
      description: 'Look after guests.',
    });
    for (const [q, city] of [
      ['guests look', 'Mumbai'],
      ['guests quillfern', 'Mumbai'],
      ['quillfern guest', 'Mumbai'],
      ['guests xqzvkw', 'Mumbai'],
      ['guests look', 'Nowhere'],
    ] as const) {
      const { served } = await both({ q, city });
      expect(served, q).toBe(true);
    }
    expect((await both({ q: 'guests quillfern', city: 'Mumbai' })).listed[0]!.ids).toEqual([
      String(therapist),
    ]);
    // A keyword the lists do not serve, beside common ones only: the walk, with the same answers.
    const before = searchPlanning.fromWordLists;
    await both({ q: 'guests ok', city: 'Mumbai' });
    expect(searchPlanning.fromWordLists).toBe(before);
  });

  it('finds several keywords across the board from the rows of bits, as the walk does (decision 81)', async () => {
    // Common words of four letters or more, inside no word that has entries.
    const alone = await sql<{ word: string }>`select w.word from job_word_list w where w.bit is not null
      and w.word ~ '^[a-z]{4,}$'
      and not exists (select 1 from job_word_list o where not o.common and strpos(o.word, w.word) > 0)
      order by w.word`.execute(t.database.db);
    const words = alone.rows.map((r) => r.word);
    // How many open jobs hold every one of `ws`, by their text.
    const together = async (ws: string[]) =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from jobs where is_active = 1
            and ${sql.join(
              ws.map((w) => sql`strpos(search_text, ${w}) > 0`),
              sql` and `,
            )}`.execute(t.database.db)
        ).rows[0]!.n,
      );
    // Pairs of them that a sixth of the jobs hold together at least, and fewer than all.
    const pairs: string[][] = [];
    for (let a = 0; a < words.length && pairs.length < 4; a++)
      for (let b = a + 1; b < words.length && pairs.length < 4; b++) {
        const n = await together([words[a]!, words[b]!]);
        if (n >= 100 && n < 600 && !pairs.some((p) => p.includes(words[a]!)))
          pairs.push([words[a]!, words[b]!]);
      }
    expect(pairs).toHaveLength(4);
    const entered = await sql<{ word: string }>`select word from job_word_list where not common`.execute(
      t.database.db,
    );
    // Part of a common word, inside no word with entries.
    const part = pairs[3]![0]!.slice(1);
    expect(entered.rows.some((r) => r.word.includes(part))).toBe(false);
    const queries: Record<string, string>[] = [
      { q: pairs[0]!.join(' ') },
      { q: `${pairs[1]!.join(' ')} guests` },
      { q: pairs[2]!.join(' '), salaryMin: '20000' },
      { q: pairs[0]!.join(' '), experience: '2' },
      { q: `${part} ${pairs[3]![1]}` },
    ];
    for (const query of queries) {
      const { listed, served } = await both(query);
      expect(served, JSON.stringify(query)).toBe(true);
      expect(listed[0]!.total, JSON.stringify(query)).toBeGreaterThan(0);
    }
    expect((await both(queries[0]!)).listed[0]!.total).toBe(await together(pairs[0]!));

    // One keyword with entries beside common ones: its entries walked with the rows of bits.
    const spa = await insertSpa(t.database, { name: 'Zarbel House' });
    // Sixty jobs, half of them holding `guests`: enough among the newest for the walk to be taken.
    for (let i = 0; i < 60; i++)
      await insertJob(t.database, spa, {
        title: i % 4 ? 'Zarbelline Therapist' : 'Zarbelline Stylist',
        description: `Zarbelline welcomes our ${i % 2 ? 'guests' : 'visitors'}.`,
        posted_at: Date.now() - i * 3_600_000,
      });
    // Few entries: each one's row of bits looked up; and as if they were many, walked together with them.
    const mergeFrom = searchPlanning.boardMergeFrom;
    for (const [from, join] of [
      [mergeFrom, 'lookup'],
      [0, 'merge'],
    ] as const) {
      searchPlanning.boardMergeFrom = from;
      try {
        const mixed = await both({ q: 'zarbelline guests' });
        expect(mixed.served).toBe(true);
        expect(searchPlanning.lastBoardJoin).toBe(join);
        expect(mixed.listed[0]!.total).toBe(30);
        expect(mixed.listed[1]!.ids).toHaveLength(9);
        const paged = await both({ q: 'guests zarbelline', experience: '3', salaryMin: '10000' });
        expect(paged.served).toBe(true);
        expect(searchPlanning.lastBoardJoin).toBe(join);
      } finally {
        searchPlanning.boardMergeFrom = mergeFrom;
      }
    }
    // Whatever the pay asked: words often together are read from the lists, and no job pays so much.
    const unpaid = await both({ q: pairs[0]!.join(' '), salaryMin: '1000000' });
    expect(unpaid.served).toBe(true);
    expect(unpaid.listed[0]!.total).toBe(0);

    // Words seldom together among the newest jobs (a word no job holds, `guests` and `guestroom`), two
    // keywords with entries, or text the lists do not serve: left to the plans, with the same answers.
    const before = searchPlanning.fromWordLists;
    expect((await both({ q: 'guests xqzvkw' })).listed[0]!.total).toBe(0);
    // The attendant's job does not say `guests`.
    expect((await both({ q: 'guests guestroom' })).listed[0]!.total).toBe(0);
    expect((await both({ q: 'zarbelline guestroom' })).listed[0]!.total).toBe(0);
    await both({ q: 'guests ok' });
    await both({ q: 'zarbelline guestroom guests' });
    expect(searchPlanning.fromWordLists).toBe(before);
  });

  it('finds keywords in one category from the entries and the rows of bits, as the walk does (decision 82)', async () => {
    const wellness = await insertJob(t.database, spaId, {
      title: 'Vetiverine Coach',
      category: 'Wellness',
      city: 'Mumbai',
      description: 'Guides our guests.',
    });
    await insertJob(t.database, spaId, {
      title: 'Vetiverine Therapist',
      category: 'Therapist',
      city: 'Pune',
    });
    const queries: Record<string, string>[] = [
      // Common (a bit), in a category most jobs are in, one few are in, and one no job is in.
      { q: 'guests', category: 'Therapist' },
      { q: 'guests', category: 'Wellness' },
      { q: 'guests', category: 'Nothing Here' },
      // Listed (entries), a common word's part with a listed word, with a city, pay and experience.
      { q: 'vetiverine', category: 'Wellness' },
      { q: 'guest', category: 'Wellness' },
      { q: 'vetiverine', category: 'Therapist', city: 'Mumbai' },
      { q: 'guests', category: 'Therapist', city: 'Mumbai', salaryMin: '20000', experience: '2' },
      // Several keywords in a category and a city.
      { q: 'guests vetiverine', category: 'Wellness', city: 'Mumbai' },
    ];
    for (const query of queries) {
      const { served } = await both(query);
      expect(served, JSON.stringify(query)).toBe(true);
    }
    expect((await both({ q: 'vetiverine', category: 'Wellness' })).listed[0]!.ids).toEqual([
      String(wellness),
    ]);
    // Across the board, words seldom together among the newest jobs are left to the plans (decision 81).
    expect((await both({ q: 'guests vetiverine', category: 'Wellness' })).listed[0]!.ids).toEqual([
      String(wellness),
    ]);
    expect((await both({ q: 'vetiverine', category: 'Therapist', city: 'Mumbai' })).listed[0]!.total).toBe(0);
    // The category counted by the walk, exactly as the rows of bits count it.
    const therapists = Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from jobs where is_active = 1 and category = 'Therapist'
          and strpos(search_text, 'guests') > 0`.execute(t.database.db)
      ).rows[0]!.n,
    );
    expect(therapists).toBeGreaterThan(0);
    expect((await both({ q: 'guests', category: 'Therapist' })).listed[0]!.total).toBe(therapists);

    // A job moved to another category is listed again under it, its entries and its row of bits.
    await t.database.db
      .updateTable('jobs')
      .set({ category: 'Management' })
      .where('id', '=', wellness)
      .execute();
    expect((await both({ q: 'vetiverine', category: 'Wellness' })).listed[0]!.ids).toEqual([]);
    expect((await both({ q: 'vetiverine', category: 'Management' })).listed[0]!.ids).toEqual([
      String(wellness),
    ]);
    expect((await both({ q: 'guests', category: 'Management', city: 'Mumbai' })).listed[0]!.ids).toContain(
      String(wellness),
    );
    const rows = await sql<{ category: string }>`select category from job_words where job_id = ${wellness}
      union all select category from job_common_words where job_id = ${wellness}`.execute(t.database.db);
    expect(rows.rows.length).toBeGreaterThan(1);
    for (const r of rows.rows) expect(r.category).toBe('Management');
  });

  it('keeps up with every write: new jobs, edits, closing, expiry and deletion', async () => {
    const found = async (q: string) => (await both({ q, city: 'Nashik' })).listed[0]!.ids;
    const id = await insertJob(t.database, spaId, {
      title: 'Spa Therapist',
      city: 'Nashik',
      description: 'guests',
    });
    expect(await found('guests')).toEqual([String(id)]);
    await t.database.db.updateTable('jobs').set({ description: 'visitors' }).where('id', '=', id).execute();
    expect(await found('guests')).toEqual([]);
    await t.database.db.updateTable('jobs').set({ description: 'Our guests' }).where('id', '=', id).execute();
    expect(await found('guests')).toEqual([String(id)]);
    // A view counted writes nothing again.
    await t.database.db.updateTable('jobs').set({ views: 3 }).where('id', '=', id).execute();
    expect(await found('guests')).toEqual([String(id)]);
    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', id).execute();
    expect(await found('guests')).toEqual([]);
    await t.database.db.updateTable('jobs').set({ is_active: 1 }).where('id', '=', id).execute();
    expect(await found('guests')).toEqual([String(id)]);
    await t.database.db
      .updateTable('jobs')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', id)
      .execute();
    expect(await found('guests')).toEqual([]);
    await t.database.db.updateTable('jobs').set({ expires_at: null }).where('id', '=', id).execute();
    expect(await found('guests')).toEqual([String(id)]);
    await t.database.db.deleteFrom('jobs').where('id', '=', id).execute();
    expect(await found('guests')).toEqual([]);
    const held = await heldBothWays(t);
    for (const h of held) expect(h.by_bits, h.word).toBe(h.by_text);
  });

  it('are dropped with the words when the lists are made anew by code that knows nothing of them', async () => {
    // As a rebuild of the version before migration 0041 begins: its words go, and the bits with them.
    await t.database.db
      .transaction()
      .execute(async (tx) => {
        await sql`delete from job_word_list`.execute(tx);
        const r = await sql<{ n: number }>`select count(*)::int as n from job_common_words`.execute(tx);
        expect(r.rows[0]!.n).toBe(0);
        throw new Error('rolled back');
      })
      .catch((e: Error) => expect(e.message).toBe('rolled back'));
    const kept = await sql<{ n: number }>`select count(*)::int as n from job_common_words`.execute(
      t.database.db,
    );
    expect(kept.rows[0]!.n).toBeGreaterThan(0);
  });

  it('leaves a keyword inside a common word without a bit to the walk', async () => {
    await sql`update job_word_list set bit = null where word = 'guests'`.execute(t.database.db);
    try {
      const { listed, served } = await both({ q: 'guests' });
      expect(served).toBe(false);
      expect(listed[0]!.total).toBeGreaterThan(500);
    } finally {
      // Made again from the jobs: the commonest words have their bits again.
      await rebuildJobWords(t.database.db, t.engine);
    }
  });

  it('are made again whole by the rebuild', async () => {
    // The rebuild finds common words from the board's share (a fifth, and 20,000 jobs): none here.
    const r = await sql<{ n: number }>`select count(*)::int as n from job_common_words`.execute(
      t.database.db,
    );
    expect(r.rows[0]!.n).toBe(0);
    const { served } = await both({ q: 'guests' });
    expect(served).toBe(true);
  });
});

describe('a word marked common while a job holding it is written', () => {
  let t: TestApp;
  let writer: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    writer = await schemaClient(t.database);
  });
  afterAll(async () => {
    await writer.end();
    await t?.close();
  });

  it('waits for the write, and the job has its bit', async () => {
    const spa = await insertSpa(t.database, { name: 'Cedar House', city: 'Pune' });
    for (let i = 0; i < 5; i++)
      await insertJob(t.database, spa, { title: 'Zephyrbloom Therapist', city: 'Pune' });
    // A sixth, written by a transaction still open when the word is marked.
    await writer.query('begin');
    const { rows } = await writer.query<{ id: number }>(
      `insert into jobs (spa_id, title, salary, experience, category, city, state, location, description,
        requirements, posted_at, created_at) select $1, 'Zephyrbloom Stylist', '₹20,000', '1 year', 'Therapist',
        'Pune', 'Maharashtra', 'Pune', 'x', 'x', $2, $2 returning id`,
      [spa, Date.now()],
    );
    const marking = markCommonJobWords(t.database.db, t.engine, 6, 5);
    await new Promise((done) => setTimeout(done, 300));
    await writer.query('commit');
    expect(await marking).toBeGreaterThan(0);
    const bits = await sql<{
      bit: number | null;
    }>`select bit from job_word_list where word = 'zephyrbloom'`.execute(t.database.db);
    expect(bits.rows[0]!.bit).not.toBeNull();
    const before = searchPlanning.fromWordLists;
    const res = await t.app.inject({ url: '/api/v1/spajobs', query: { q: 'zephyrbloom', limit: '9' } });
    expect(searchPlanning.fromWordLists).toBe(before + 1);
    const body = res.json<ListBody>();
    expect(body.total).toBe(6);
    expect(body.data.map((j) => j._id)).toContain(String(rows[0]!.id));
  });

  it('gives up for this turn when a write holds the jobs too long, and marks the word on the next', async () => {
    const spa = await insertSpa(t.database, { name: 'Juniper House', city: 'Pune' });
    for (let i = 0; i < 7; i++)
      await insertJob(t.database, spa, { title: 'Quartzleaf Stylist', city: 'Pune' });
    await writer.query('begin');
    await writer.query(`update jobs set views = views + 1 where title = 'Quartzleaf Stylist'`);
    try {
      await expect(markCommonJobWords(t.database.db, t.engine, 13, 7)).rejects.toThrow(/lock timeout/);
      const word = await sql<{ common: boolean; bit: number | null }>`select common, bit from job_word_list
        where word = 'quartzleaf'`.execute(t.database.db);
      expect(word.rows[0]).toEqual({ common: false, bit: null });
    } finally {
      await writer.query('commit');
    }
    expect(await markCommonJobWords(t.database.db, t.engine, 13, 7)).toBeGreaterThan(0);
    const res = await t.app.inject({ url: '/api/v1/spajobs', query: { q: 'quartzleaf', limit: '9' } });
    expect(res.json<ListBody>().total).toBe(7);
  });
});
