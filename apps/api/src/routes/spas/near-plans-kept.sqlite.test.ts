import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { leastCloseness, unitVector, distancePoint } from '../../db/distance.ts';
import { centrePieces, stripRanges } from '../../lib/geo.ts';
import { piecesJson, SpaRepository } from '../../repositories/spa-repository.ts';

/**
 * SQLite is built with STAT4: a statement in which a bound parameter is a LIMIT, or is compared to an
 * indexed column, is marked to be planned again each time that parameter is bound, which a prepared
 * statement's every run does. The nearby statements, run on every nearby page, keep the plan they were
 * prepared with: their limits and the open jobs' time are expressions of their parameters.
 */
describe('SQLite: the nearby statements are not planned again at each run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 20, jobs: 40 } });
  });
  afterAll(() => t.close());

  const [lat, lng, radiusKm] = [19.076, 72.8777, 500];
  const ranges = stripRanges(lat, lng, radiusKm);
  const { pieces } = centrePieces(lat, lng, ranges);
  const values = {
    strips: JSON.stringify(ranges.map((r) => [r.strip, r.lo, r.hi, r.innerLo, r.innerHi])),
    ...unitVector(lat, lng),
    least: leastCloseness(radiusKm),
    split: pieces[0]!.strip,
    pieces: piecesJson(pieces),
    countTo: 1001,
    now: Date.now(),
    limit: 50,
    offset: 0,
    ...distancePoint(lat, lng),
  };
  const statements = () => {
    const repo = new SpaRepository(t.database) as unknown as Record<
      'countStatement' | 'pageStatement',
      (v: typeof values, filters: object) => { compile(): { sql: string; parameters: readonly unknown[] } }
    >;
    return {
      count: repo.countStatement(values, {}).compile(),
      page: repo.pageStatement(values, {}).compile(),
    };
  };

  it('take no limit as a bare parameter', () => {
    for (const q of Object.values(statements())) {
      expect(q.sql).toMatch(/\blimit\b/i);
      expect(q.sql).not.toMatch(/\blimit\s+\?(?!\s*\+)/i);
    }
  });

  it('compare the open jobs’ time as an expression', () => {
    const { page } = statements();
    expect(page.sql).toMatch(/"jobs"\."expires_at" > cast\(\? as bigint\)/);
    expect(page.sql).not.toMatch(/"jobs"\."expires_at" > \?/);
  });

  it('still answer with the values they are given', async () => {
    const { count, page } = statements();
    const run = (q: { sql: string; parameters: readonly unknown[] }) =>
      t.database.read.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
    const counted = (await run(count)).rows[0] as { n: number };
    const paged = (await run(page)).rows as { j: string }[];
    expect(Number(counted.n)).toBeGreaterThan(0);
    expect(paged.length).toBe(Math.min(50, Number(counted.n)));
    for (const row of paged) expect(JSON.parse(row.j)).toHaveProperty('distance');
  });
});
