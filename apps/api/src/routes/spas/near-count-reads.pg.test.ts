import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { leastCloseness, unitVector } from '../../db/distance.ts';
import { centrePieces, stripRanges } from '../../lib/geo.ts';
import { partCounts, piecesJson, SpaRepository } from '../../repositories/spa-repository.ts';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const PLANS_OFF = ['seqscan', 'bitmapscan', 'hashjoin', 'mergejoin'];

/**
 * The entries of `relation` every scan of it in a plan gave, over all its loops, and how many loops: a
 * scan's rows are its loops' mean, rounded, so the sum is within a loop's rounding of the truth.
 */
function rowsRead(node: PlanNode, relation: string): { rows: number; loops: number } {
  const own = node['Relation Name'] === relation;
  return (node.Plans ?? []).reduce(
    (sum, child) => {
      const c = rowsRead(child, relation);
      return { rows: sum.rows + c.rows, loops: sum.loops + c.loops };
    },
    {
      rows: own ? node['Actual Rows'] * node['Actual Loops'] : 0,
      loops: own ? node['Actual Loops'] : 0,
    },
  );
}

/**
 * PostgreSQL: a circle's count reads its ranges of the place index one after another, the centre's
 * pieces first, and stops when it has read one past its cap in all (decision 86's addendum), rather
 * than reading each range up to the cap.
 */
describe('PostgreSQL: a nearby count stops at its cap in all', () => {
  let t: TestApp;
  const centre = { lat: 19.1, lng: 72.9 };
  const radiusKm = 30;
  const SPAS = 300;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // Spread over the circle, so that the centre's pieces, the strips' sure ranges and their edges each
    // hold some, none of them as many as the count below stops at.
    let seed = 11;
    const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < SPAS; i += 100) {
      await t.database.db
        .insertInto('spas')
        .values(
          Array.from({ length: 100 }, (_, k) => {
            const km = radiusKm * Math.sqrt(random()) * 0.98;
            const a = random() * 2 * Math.PI;
            return {
              name: `Counted Spa ${i + k}`,
              category: 'Spa & Massage',
              city: 'Mumbai',
              state: 'Maharashtra',
              full_address: `${i + k} Test Road, Mumbai, Maharashtra 400001`,
              latitude: centre.lat + (km / 111.2) * Math.cos(a),
              longitude: centre.lng + ((km / 111.2) * Math.sin(a)) / Math.cos((centre.lat * Math.PI) / 180),
              gallery_images: '[]',
              rating: 4.2,
              reviews_count: 10,
              created_at: Date.now(),
            };
          }),
        )
        .execute();
    }
    await sql`analyze spas`.execute(t.database.db);
  }, 60_000);
  afterAll(() => t.close());

  const countOf = async (countTo: number) => {
    const ranges = stripRanges(centre.lat, centre.lng, radiusKm);
    const { pieces } = centrePieces(centre.lat, centre.lng, ranges);
    const values = {
      strips: JSON.stringify(ranges.map((r) => [r.strip, r.lo, r.hi, r.innerLo, r.innerHi])),
      ...unitVector(centre.lat, centre.lng),
      least: leastCloseness(radiusKm),
      split: pieces[0]!.strip,
      pieces: piecesJson(pieces),
      countTo,
    };
    const repo = new SpaRepository(t.database) as unknown as {
      countStatement(
        v: typeof values,
        filters: object,
      ): { compile(): { sql: string; parameters: unknown[] } };
    };
    const query = repo.countStatement(values, {}).compile();
    return t.database.db.connection().execute(async (c) => {
      // A table this small would be read whole, or hashed: only the plan it has at scale is let through,
      // each range of the index read in a loop over the strips and pieces.
      for (const kind of PLANS_OFF) await sql.raw(`set enable_${kind} = off`).execute(c);
      try {
        const counted = (await c.executeQuery(CompiledQuery.raw(query.sql, query.parameters))).rows[0] as {
          n: number;
          a: string | null;
          b: string | null;
        };
        const explained = await c.executeQuery(
          CompiledQuery.raw(
            `explain (analyze, format json, costs off, timing off, summary off) ${query.sql}`,
            query.parameters,
          ),
        );
        const plan = (explained.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
        return {
          n: Number(counted.n),
          inParts: partCounts(counted.a, counted.b).reduce((sum, n) => sum + n, 0),
          read: rowsRead(plan, 'spas'),
        };
      } finally {
        for (const kind of PLANS_OFF) await sql.raw(`reset enable_${kind}`).execute(c);
      }
    });
  };

  it('counts every spa of the circle when it holds fewer, the centre among them', async () => {
    const all = await countOf(SPAS + 1);
    expect(all.n).toBe(SPAS);
    expect(all.inParts).toBeGreaterThan(0);
    expect(all.inParts).toBeLessThan(SPAS);
  });

  it('reads no more entries than it stops at, across every range', async () => {
    const countTo = 101;
    const capped = await countOf(countTo);
    expect(capped.n).toBe(countTo);
    // Each range read up to the cap on its own would read every one of the circle's 300 entries here.
    expect(capped.read.rows).toBeLessThanOrEqual(countTo + capped.read.loops / 2);
    expect(capped.read.loops).toBeLessThan(20);
  });
});
