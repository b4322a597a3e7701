import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { wordStatisticsBoard, type ListBody } from '../../test/word-statistics-board.ts';
import { searchPlanning } from './job-repository.ts';

describe("PostgreSQL's word statistics (decision 35)", () => {
  const { app, list, read } = wordStatisticsBoard();

  it('every word the statistics name is in at least the share of jobs they give it', async () => {
    const r = await sql<{ elems: string[]; freqs: number[]; name: string }>`
      select statistics_name as name, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
      from pg_stats_ext_exprs where statistics_schemaname = current_schema()
        and statistics_name in ('jobs_search_words', 'jobs_title_words')`.execute(app().database.db);
    expect(r.rows.map((x) => x.name).sort()).toEqual(['jobs_search_words', 'jobs_title_words']);
    const all = Number(
      (await sql<{ n: number }>`select count(*) as n from jobs`.execute(app().database.db)).rows[0]!.n,
    );
    for (const row of r.rows) {
      expect(row.elems.length).toBeGreaterThan(5);
      // Fewer jobs than ANALYZE samples: every job was read, so each share is exact.
      for (const [i, word] of row.elems.slice(0, 40).entries()) {
        const column = row.name === 'jobs_search_words' ? 'search_text' : 'title';
        const r2 = await sql<{ n: number }>`select count(*) as n from jobs
          where lower(${sql.ref(column)}) like ${`%${word}%`}`.execute(app().database.db);
        expect(Number(r2.rows[0]!.n), `${row.name}: ${word}`).toBeGreaterThanOrEqual(
          Math.floor(row.freqs[i]! * all),
        );
      }
    }
  });

  it("a walk with a city tests words far commoner than the city's jobs on each of them, with the same answers", async () => {
    const job = (await list({ limit: '1' })).json<{ data: { city: string; spa: { name: string } }[] }>()
      .data[0]!;
    const { city } = job;
    const spa = job.spa.name.slice(0, 4).toLowerCase();
    // The plans of a walk, not the words' lists (decision 64), which would serve a word in a city.
    searchPlanning.wordLists = false;
    onTestFinished(() => {
      searchPlanning.wordLists = true;
    });
    for (const [query, first] of [
      // Every job holds `hygiene`, and most titles `therap`: their trigram bitmaps outweigh one city's jobs.
      [{ q: 'hygiene', city }, true],
      [{ q: 'hygiene', title: 'therap', city, sort: 'salary' }, true],
      // Nothing is known of how many spa names hold a text.
      [{ spa, city }, false],
    ] as const) {
      const name = JSON.stringify(query);
      const before = searchPlanning.filtersFirst;
      const walked = await read(query);
      expect(searchPlanning.filtersFirst > before, name).toBe(first);
      // The same search read from the trigram index.
      searchPlanning.force = 'index';
      try {
        expect(await read(query), name).toEqual(walked);
      } finally {
        searchPlanning.force = undefined;
      }
      expect(walked[0]!.ids.length, name).toBeGreaterThan(0);
    }
  });

  it('text without three letters or digits in a row is looked for among the newest jobs, as a short word is', async () => {
    // pg_trgm drops `%` and `_`: its index would return every job to recheck. The oldest and the newest
    // open jobs are given such a title; only the newest is within the window of jobs tested.
    const ends = await sql<{ id: number; title: string }>`
      (select id, title from jobs where is_active = 1 order by posted_at asc, id asc limit 1)
      union all
      (select id, title from jobs where is_active = 1 order by posted_at desc, id desc limit 1)`.execute(
      app().database.db,
    );
    const [oldest, newest] = ends.rows;
    const retitle = (id: number, title: string) =>
      sql`update jobs set title = ${title} where id = ${id}`.execute(app().database.db);
    try {
      await retitle(oldest!.id, 'Old %_% desk');
      await retitle(newest!.id, 'New %_% desk');
      for (const query of [{ title: '%_%' }, { q: '%_%' }] as Record<string, string>[]) {
        const res = await list({ ...query, limit: '9' });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<ListBody>();
        expect(
          body.data.map((j) => j._id),
          JSON.stringify(query),
        ).toEqual([String(newest!.id)]);
        expect(body.total).toBe(1);
      }
      // With a word the index narrows, every job is searched.
      const both = (await list({ q: '%_% desk', limit: '9' })).json<ListBody>();
      expect(both.data.map((j) => j._id).sort()).toEqual([String(newest!.id), String(oldest!.id)].sort());
    } finally {
      await retitle(oldest!.id, oldest!.title);
      await retitle(newest!.id, newest!.title);
    }
  });
});
