import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('migration 0018 (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 200 } });
  });
  afterAll(() => t.close());

  it("tells the planner that a job's city names its state", async () => {
    const r = await sql<{ kinds: string[]; columns: string[] }>`
      select stxkind::text[] as kinds,
        array(select attname::text from pg_attribute
              where attrelid = stxrelid and attnum = any(stxkeys) order by attname) as columns
      from pg_statistic_ext
      where stxname = 'jobs_place_dependencies' and stxnamespace = current_schema()::regnamespace`.execute(
      t.database.db,
    );
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.columns).toEqual(['city', 'state']);
    expect(r.rows[0]!.kinds).toEqual(expect.arrayContaining(['f', 'd']));
  });
});
