import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { stripRanges } from '../lib/geo.ts';
import { SpaRepository } from '../repositories/spa-repository.ts';
import { distancePoint, leastCloseness, unitVector } from './distance.ts';

/**
 * PostgreSQL: a nearby page reads its spas' cards from the cards' primary key alone (migration 0045,
 * decision 85), not from the table, whose rows lie in the order they were written.
 */
describe('PostgreSQL: a nearby page reads cards from their index alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 40, jobs: 80 } });
    // As autovacuum would: the table's pages are marked all-visible, so an index-only scan reads no row.
    await sql`vacuum analyze spa_cards`.execute(t.database.db);
  }, 60_000);
  afterAll(() => t.close());

  it('with an index-only scan of the key and no row read', async () => {
    const [lat, lng, radiusKm] = [19.076, 72.8777, 50];
    const ranges = stripRanges(lat, lng, radiusKm);
    const values = {
      strips: JSON.stringify(ranges.map((r) => [r.strip, r.lo, r.hi, r.innerLo, r.innerHi])),
      ...unitVector(lat, lng),
      least: leastCloseness(radiusKm),
      now: Date.now(),
      limit: 50,
      offset: 0,
      ...distancePoint(lat, lng),
    };
    const repo = new SpaRepository(t.database) as unknown as {
      pageStatement(v: typeof values, filters: object): { compile(): { sql: string; parameters: unknown[] } };
    };
    const query = repo.pageStatement(values, {}).compile();
    const plan = await t.database.db.connection().execute(async (c) => {
      // Tables this small would be read whole: only index reads are let through, as at scale.
      await sql`set enable_seqscan = off`.execute(c);
      await sql`set enable_bitmapscan = off`.execute(c);
      try {
        const r = await c.executeQuery(
          CompiledQuery.raw(
            `explain (analyze, costs off, timing off, summary off) ${query.sql}`,
            query.parameters,
          ),
        );
        return (r.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(c);
        await sql`reset enable_bitmapscan`.execute(c);
      }
    });
    // The page holds spas, each card read from the key's entries.
    expect(plan).toMatch(/Index Only Scan using spa_cards_pkey on spa_cards c \(actual rows=1 loops=[1-9]/);
    expect(plan).toMatch(
      /Index Only Scan using spa_cards_pkey[^\n]*\n[^\n]*Index Cond[^\n]*\n\s*Heap Fetches: 0/,
    );
    // A long head is read from the table, and only then.
    expect(plan).toMatch(/SubPlan[\s\S]*Index Scan using spa_cards_pkey on spa_cards l \(never executed\)/);
  });

  it('whose heads are compressed with lz4 in the key, and read back whole', async () => {
    // The index's column and the table's (migration 0046): the entries are written with the index's.
    const { rows } = await sql<{ rel: string; method: string }>`select attrelid::regclass::text as rel,
        attcompression as method from pg_attribute
      where attrelid in ('spa_cards'::regclass, 'spa_cards_pkey'::regclass) and attname = 'head'
      order by 1`.execute(t.database.db);
    expect(rows.map((r) => r.method)).toEqual(['l', 'l']);
    // A head long enough to be compressed in its entry, read back by a nearby page from the key's entry.
    const address = 'Plot 7, Lotus Arcade, Linking Road, Bandra West, '.repeat(8);
    const [spa] = (
      await sql<{ id: number; latitude: number; longitude: number }>`select id, latitude, longitude
        from spas order by id limit 1`.execute(t.database.db)
    ).rows;
    await sql`update spas set full_address = ${address} where id = ${spa!.id}`.execute(t.database.db);
    const near = await new SpaRepository(t.database).near(
      { lat: spa!.latitude, lng: spa!.longitude, radiusKm: 1 },
      {},
      1,
      50,
    );
    expect(near.data.find((s) => s._id === String(spa!.id))).toMatchObject({ fullAddress: address });
  });
});
