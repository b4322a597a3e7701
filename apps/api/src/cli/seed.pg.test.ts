import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropTestSchema, TEST_PG_URL } from '../../test/helpers.ts';

const run = promisify(execFile);
const schema = `seed_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

afterAll(() => dropTestSchema(schema));

/**
 * `npm run seed` on PostgreSQL leaves the jobs' rows in date order (decision 76): the generator writes
 * them spa by spa at random dates, as no live board would. The spas' cards, written again with each job,
 * are made again in key order. Each spa's reaches are found.
 */
describe('npm run seed on PostgreSQL', () => {
  it('puts the jobs in the table in date order, newest first', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'seed.ts'), '--spas', '30', '--jobs', '400'],
      { env: { ...process.env, DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: schema } },
    );
    expect(stdout).toContain('Generated 30 spas and 400 jobs');

    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    try {
      // The jobs in the order the table holds them (ctid) against their dates: open jobs newest first.
      const { rows } = await client.query<{ posted_at: string; spa_id: number }>(
        `select posted_at, spa_id from ${schema}.jobs where is_active = 1 order by ctid`,
      );
      expect(rows.length).toBeGreaterThan(300);
      const dates = rows.map((r) => Number(r.posted_at));
      const outOfOrder = dates.filter((d, i) => i > 0 && d > dates[i - 1]!).length;
      expect(outOfOrder).toBe(0);
      // As generated, each spa's jobs came together: in date order they no longer do.
      const spaChanges = rows.filter((r, i) => i > 0 && r.spa_id !== rows[i - 1]!.spa_id).length;
      expect(spaChanges).toBeGreaterThan(100);
      const marked = await client.query<{ indisclustered: boolean }>(
        `select indisclustered from pg_index where indexrelid = '${schema}.jobs_active_posted_id'::regclass`,
      );
      expect(marked.rows[0]?.indisclustered).toBe(true);
      // The spas' cards, written again with each job the generator added, made again in key order.
      const cards = await client.query<{ key: string }>(`select key from ${schema}.spa_cards order by ctid`);
      expect(cards.rows).toHaveLength(30);
      const keys = cards.rows.map((r) => BigInt(r.key));
      expect(keys.filter((k, i) => i > 0 && k < keys[i - 1]!)).toHaveLength(0);
      const cardsMarked = await client.query<{ indisclustered: boolean }>(
        `select indisclustered from pg_index where indexrelid = '${schema}.spa_cards_pkey'::regclass`,
      );
      expect(cardsMarked.rows[0]?.indisclustered).toBe(true);
      // Each spa's reaches found (decision 90): the 25th nearest of 30 spas, the 50th not.
      const reaches = await client.query<{ n: number; r25: number; r50: number }>(
        `select count(*) as n, count(r25) as r25, count(r50) as r50 from ${schema}.spa_reaches`,
      );
      expect(reaches.rows[0]).toEqual({ n: 30, r25: 30, r50: 0 });
    } finally {
      await client.end();
    }
  });
});
