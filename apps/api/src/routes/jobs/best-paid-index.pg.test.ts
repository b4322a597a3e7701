import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * PostgreSQL: best paid first (`salary_min desc nulls last`, then newest) is read in order from an index,
 * across the board, in a city and in a category (migrations 0027 and 0028); a descending walk of `jobs_salary` gives the jobs
 * without a salary first, so before it every open job was sorted.
 */
describe('PostgreSQL: best paid first from an index in that order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 5, jobs: 60 } });
  }, 60_000);
  afterAll(() => t.close());

  const plan = async (column?: 'city' | 'category', value?: string) =>
    t.database.db.connection().execute(async (c) => {
      // A table this small would be read whole and sorted: only a plan without a sort is let through.
      await sql`set enable_seqscan = off`.execute(c);
      await sql`set enable_sort = off`.execute(c);
      try {
        const where = column ? sql`and ${sql.ref(column)} = ${value}` : sql``;
        const r = await sql<{ 'QUERY PLAN': string }>`explain select id from jobs
          where is_active = 1 and (expires_at is null or expires_at > ${Date.now()}) ${where}
          order by salary_min desc nulls last, posted_at desc, id desc limit 9`.execute(c);
        return r.rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(c);
        await sql`reset enable_sort`.execute(c);
      }
    });

  it('across the board, in a city and in a category, without a sort', async () => {
    const all = await plan();
    expect(all).toContain('jobs_open_salary');
    expect(all).not.toMatch(/\bSort\b/);
    const inCity = await plan('city', 'Pune');
    expect(inCity).toContain('jobs_open_city_salary');
    expect(inCity).not.toMatch(/\bSort\b/);
    const inCategory = await plan('category', 'Therapist');
    expect(inCategory).toContain('jobs_open_category_salary');
    expect(inCategory).not.toMatch(/\bSort\b/);
  });
});
