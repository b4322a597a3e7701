import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * PostgreSQL: a listing filtered by pay and experience, newest first, is read from its filters' index of
 * open jobs alone (an index-only scan), which carries both since migration 0029: before it, each job the
 * walk passed was read from the table to test them (decision 46). With words, the indexes that carry the
 * text carry both too (migration 0030, decision 49); best paid first, the indexes in pay order carry the
 * experience (migration 0031, decision 50), and across the board the texts too (migration 0032, decision 56).
 */
describe('PostgreSQL: pay and experience tested on the listing indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 5, jobs: 60 } });
    await sql`vacuum analyze jobs`.execute(t.database.db);
  }, 60_000);
  afterAll(() => t.close());

  /**
   * The plan of open jobs meeting `conditions` in `order`, at most nine. A table this small would be read
   * whole or through a bitmap: only a walk of an index is let through.
   */
  const explained = (conditions: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
    t.database.db.connection().execute(async (c) => {
      await sql`set enable_seqscan = off`.execute(c);
      await sql`set enable_bitmapscan = off`.execute(c);
      await sql`set enable_sort = off`.execute(c);
      try {
        const r = await sql<{ 'QUERY PLAN': string }>`explain select id from jobs
          where is_active = 1 and (expires_at is null or expires_at > ${Date.now()}) and ${conditions}
          order by ${order} limit 9`.execute(c);
        return r.rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(c);
        await sql`reset enable_bitmapscan`.execute(c);
        await sql`reset enable_sort`.execute(c);
      }
    });

  const newest = sql`posted_at desc, id desc`;
  const place = (column?: 'city' | 'category', value?: string) =>
    column ? sql`${sql.ref(column)} = ${value}` : sql`true`;

  it('across the board, in a city and in a category, from the index alone', async () => {
    const plan = (column?: 'city' | 'category', value?: string) =>
      explained(
        sql`${place(column, value)} and salary_min >= 20000 and (experience_min is null or experience_min <= 1)`,
        newest,
      );
    expect(await plan()).toMatch(/Index Only Scan Backward using jobs_open_posted\b/);
    expect(await plan('city', 'Pune')).toMatch(/Index Only Scan Backward using jobs_open_city\b/);
    expect(await plan('category', 'Therapist')).toMatch(
      /Index Only Scan Backward using jobs_open_category\b/,
    );
  });

  it('words with pay and experience are tested on the entries of the index that carries the text', async () => {
    // As a walk kept as chosen writes them (decisions 36 and 49).
    const walk = (city?: string) =>
      explained(
        sql`${place(city ? 'city' : undefined, city)} and salary_min + 0 >= 20000
          and (experience_min is null or experience_min <= 1)
          and coalesce(strpos(search_head, 'guests') > 0, false)`,
        newest,
      );
    expect(await walk()).toMatch(/Index Only Scan Backward using jobs_open_search\b/);
    expect(await walk('Pune')).toMatch(/Index Only Scan Backward using jobs_open_city_search\b/);
  });

  it('words with a pay floor are tested on the entries of the index in pay order', async () => {
    // As the jobs that pay enough are read across the board (migration 0032, decision 56): without the
    // texts it carries, each job's row would be read to test them.
    const paid = explained(
      sql`salary_min >= 20000 and (experience_min is null or experience_min <= 1)
        and coalesce(strpos(search_head, 'guests') > 0, false) and title ilike '%a%' and spa_name ilike '%a%'`,
      sql`salary_min desc nulls last, posted_at desc, id desc`,
    );
    expect(await paid).toMatch(/Index Only Scan using jobs_open_salary\b/);
  });

  it('best paid first with an experience, from the indexes in pay order alone', async () => {
    const best = (column?: 'city' | 'category', value?: string) =>
      explained(
        sql`${place(column, value)} and (experience_min is null or experience_min <= 2)`,
        sql`salary_min desc nulls last, posted_at desc, id desc`,
      );
    expect(await best()).toMatch(/Index Only Scan using jobs_open_salary\b/);
    expect(await best('city', 'Pune')).toMatch(/Index Only Scan using jobs_open_city_salary\b/);
    expect(await best('category', 'Therapist')).toMatch(/Index Only Scan using jobs_open_category_salary\b/);
  });
});
