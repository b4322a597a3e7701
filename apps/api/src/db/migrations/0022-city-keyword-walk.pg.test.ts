import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { activeJobFilter } from '../../repositories/job-repository.ts';
import { jobTextContainsAsChosen } from '../text-search.ts';

describe('migration 0022 (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 400 } });
    await sql`vacuum analyze jobs`.execute(t.database.db);
  });
  afterAll(() => t.close());

  it("walks a city's open jobs for a keyword on index entries alone", async () => {
    const city = (await t.database.db.selectFrom('jobs').select('city').limit(1).executeTakeFirstOrThrow())
      .city;
    const plan = await t.database.db.transaction().execute(async (tx) => {
      // A table this small would be read whole; the walk is what is asked about.
      await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`.execute(
        tx,
      );
      const walk = tx
        .selectFrom('jobs')
        .select('jobs.id')
        .where((eb) =>
          eb.and([
            activeJobFilter(eb, Date.now()),
            eb('jobs.city', '=', city),
            jobTextContainsAsChosen('spa'),
          ]),
        )
        .orderBy('jobs.posted_at', 'desc')
        .orderBy('jobs.id', 'desc')
        .limit(10)
        .compile();
      const r = await tx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${walk.sql}`, [...walk.parameters]),
      );
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    // The walk itself (before the query that reads a long job's row) reads the index and no row.
    const outer = plan.split('SubPlan')[0]!;
    expect(outer).toMatch(/Index Only Scan Backward using jobs_open_city_search/);
  });
});
