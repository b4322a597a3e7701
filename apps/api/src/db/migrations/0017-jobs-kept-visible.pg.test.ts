import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('migration 0017 (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('has the jobs table vacuumed after a few thousand changed rows, not a fifth of the table', async () => {
    const r = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class
      where oid = (quote_ident(current_schema()) || '.jobs')::regclass`.execute(t.database.db);
    expect(r.rows[0]!.options).toEqual(
      expect.arrayContaining([
        'autovacuum_vacuum_scale_factor=0',
        'autovacuum_vacuum_threshold=5000',
        'autovacuum_vacuum_insert_scale_factor=0',
        'autovacuum_vacuum_insert_threshold=5000',
      ]),
    );
  });
});
