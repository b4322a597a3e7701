import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { prepared } from './database.ts';

describe('statements kept prepared on PostgreSQL connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 5, jobs: 20 } });
  });
  afterAll(() => t.close());

  it('a marked query is prepared once on its connection and answers as the plain one', async () => {
    const ids = (await t.database.db.selectFrom('jobs').select('id').orderBy('id').limit(3).execute()).map(
      (r) => r.id,
    );
    await t.database.db.connection().execute(async (c) => {
      const query = () =>
        prepared(c.selectFrom('jobs').select(['id', 'title']).where('id', 'in', ids).orderBy('id'));
      const plain = await c
        .selectFrom('jobs')
        .select(['id', 'title'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      expect(await query().execute()).toEqual(plain);
      expect(await query().execute()).toEqual(plain);
      const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
      expect(kept.rows.filter((r) => r.statement.endsWith('/* prepared */'))).toHaveLength(1);
    });
  });

  it('a query prepared before its table changed still answers, with the new columns', async () => {
    const [job] = await t.database.db.selectFrom('jobs').select('id').limit(1).execute();
    await t.database.db.connection().execute(async (c) => {
      const query = () => prepared(c.selectFrom('jobs').selectAll().where('id', '=', job!.id));
      expect(await query().execute()).toHaveLength(1);
      await sql`alter table jobs add column changed_under_it integer`.execute(t.database.db);
      try {
        const [row] = await query().execute();
        expect(row).toHaveProperty('changed_under_it', null);
      } finally {
        await sql`alter table jobs drop column changed_under_it`.execute(t.database.db);
      }
    });
    // The pool goes on answering, on a fresh connection where that one was let go.
    expect(
      await t.database.db.selectFrom('jobs').select('id').where('id', '=', job!.id).execute(),
    ).toHaveLength(1);
  });

  it('statements whose plan is the same for every value are planned once, on a pool of their own', async () => {
    const setting = async (db: typeof t.database.db) =>
      (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)).rows[0]!.plan_cache_mode;
    expect(await setting(t.database.fixedPlans)).toBe('force_generic_plan');
    expect(await setting(t.database.read)).toBe('auto');
    // A nearby page read there, twice: the same spas.
    const near = () =>
      t.app.inject({ url: '/api/v1/spas/nearspa', query: { lat: '19.07', lng: '72.87', radius: '100' } });
    const first = await near();
    expect(first.statusCode).toBe(200);
    expect((await near()).json()).toEqual(first.json());
    expect(first.json().data.length).toBeGreaterThan(0);
  });
});
