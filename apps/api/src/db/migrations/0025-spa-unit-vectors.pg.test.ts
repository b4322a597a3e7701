import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('migration 0025 (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('leaves the rewritten spas table vacuumed, so that a place search reads the index alone', async () => {
    const r = await sql<{ vacuumed: Date | null }>`
      select last_vacuum as vacuumed from pg_stat_user_tables
      where relid = (quote_ident(current_schema()) || '.spas')::regclass`.execute(t.database.db);
    expect(r.rows[0]!.vacuumed).not.toBeNull();
  });

  it('keeps each spa’s unit vector in step with its place', async () => {
    const [spa] = await t.database.db.selectFrom('spas').select('id').limit(1).execute();
    await t.database.db
      .updateTable('spas')
      .set({ latitude: 30, longitude: 60 })
      .where('id', '=', spa!.id)
      .execute();
    const r = await sql<{ ux: number; uy: number; uz: number }>`
      select ux, uy, uz from spas where id = ${spa!.id}`.execute(t.database.db);
    const rad = Math.PI / 180;
    expect(r.rows[0]!.ux).toBeCloseTo(Math.cos(30 * rad) * Math.cos(60 * rad), 12);
    expect(r.rows[0]!.uy).toBeCloseTo(Math.cos(30 * rad) * Math.sin(60 * rad), 12);
    expect(r.rows[0]!.uz).toBeCloseTo(Math.sin(30 * rad), 12);
  });
});
