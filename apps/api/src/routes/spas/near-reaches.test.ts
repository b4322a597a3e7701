import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertSpa, placeAround } from '../../../test/factories.ts';
import {
  REACHES_RUN,
  REACH_SIZES,
  REACH_STRIPS_PER_DEGREE,
  refreshSpaReaches,
} from '../../db/spa-reaches.ts';
import { claimRun } from '../../lib/scheduled-runs.ts';
import { distanceKm } from '../../lib/geo.ts';
import { spaPlanning } from '../../repositories/spa-repository.ts';

/**
 * Each spa's reaches (decision 90): how far its 6th, 12th, 25th, 50th and 100th nearest spas lie, found
 * again by `refreshSpaReaches`; and nearby pages read from the circle they bound, which must be the pages
 * of the whole circle, whether the reaches are fresh, stale or missing.
 */
describe("spas' reaches", () => {
  let t: TestApp;
  // Far from the demo data: a town's spas crowding a point, and a few far out.
  const town = { lat: 16.5, lng: 80.6 };
  const spas: { id: number; lat: number; lng: number }[] = [];
  let k = 0;

  /** A spa `km` from `at`, in a direction that turns with every spa. */
  async function spaAt(at: { lat: number; lng: number }, km: number) {
    const { lat, lng } = placeAround(at, km, k++);
    spas.push({
      id: await insertSpa(t.database, { latitude: lat, longitude: lng, city: 'Vijayawada' }),
      lat,
      lng,
    });
  }

  /** Every spa within `radius` of `at`, nearest first, then by id, as computed here. */
  const expected = (at: { lat: number; lng: number }, radius: number) =>
    spas
      .map((s) => ({ id: String(s.id), d: distanceKm(at.lat, at.lng, s.lat, s.lng) }))
      .filter((s) => s.d <= radius)
      .sort((a, b) => a.d - b.d || Number(a.id) - Number(b.id));

  async function page(at: { lat: number; lng: number }, radius: number, p: number, limit: number, q = '') {
    const res = await t.app.inject(
      `/api/v1/spas/search?lat=${at.lat}&lng=${at.lng}&radius=${radius}&page=${p}&limit=${limit}${q}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as { data: { _id: string; distance: number }[]; total: number };
  }

  const reachRows = () => t.database.db.selectFrom('spa_reaches').selectAll().orderBy('spa_id').execute();

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // 90 spas within 3 km of the town's centre, 20 more 20 to 60 km out: 110 spas, more than the largest
    // reach, so that every size has its value.
    for (let i = 0; i < 90; i++) await spaAt(town, 0.03 * i);
    for (let i = 0; i < 20; i++) await spaAt(town, 20 + 2 * i);
  });
  afterAll(() => t.close());

  it("finds each spa's reaches: the distance to its kth nearest, itself the first", async () => {
    expect(await reachRows()).toEqual([]);
    expect(await refreshSpaReaches(t.database)).toBe(spas.length);
    const rows = await reachRows();
    expect(rows.map((r) => Number(r.spa_id))).toEqual(spas.map((s) => s.id).sort((a, b) => a - b));
    for (const row of rows) {
      const spa = spas.find((s) => s.id === Number(row.spa_id))!;
      expect(Number(row.strip)).toBe(Math.floor(spa.lat * REACH_STRIPS_PER_DEGREE));
      expect(Number(row.longitude)).toBeCloseTo(spa.lng, 9);
      const distances = spas.map((s) => distanceKm(spa.lat, spa.lng, s.lat, s.lng)).sort((a, b) => a - b);
      for (const size of REACH_SIZES) {
        expect(Number(row[`r${size}`]), `spa ${spa.id}, size ${size}`).toBeCloseTo(distances[size - 1]!, 6);
      }
    }
  });

  it("records each refresh as the reaches' scheduled run, so that a server started after a seed waits a day", async () => {
    const before = Date.now();
    await refreshSpaReaches(t.database);
    const after = Date.now();
    const run = await t.database.db
      .selectFrom('scheduled_runs')
      .selectAll()
      .where('name', '=', REACHES_RUN.name)
      .executeTakeFirstOrThrow();
    expect(Number(run.next_run_at)).toBeGreaterThanOrEqual(before + REACHES_RUN.everyMs);
    expect(Number(run.next_run_at)).toBeLessThanOrEqual(after + REACHES_RUN.everyMs);
    // The server's schedule claims no run now, and claims the next when a day has passed.
    expect(await claimRun(t.database, REACHES_RUN.name, { everyMs: REACHES_RUN.everyMs })).toBe(false);
    expect(
      await claimRun(t.database, REACHES_RUN.name, {
        everyMs: REACHES_RUN.everyMs,
        now: after + REACHES_RUN.everyMs,
      }),
    ).toBe(true);
  });

  it('reads each page of a crowded point from the circle its reaches bound, the same as the whole circle', async () => {
    await refreshSpaReaches(t.database);
    const all = expected(town, 100);
    expect(all.length).toBe(110);
    const [fromReach, short] = [spaPlanning.fromReach, spaPlanning.innerFellShort];
    const asked: [number, number][] = [
      [1, 6],
      [1, 12],
      [2, 12],
      [1, 50],
      [2, 50],
      [1, 100],
    ];
    for (const [p, limit] of asked) {
      const body = await page(town, 100, p, limit);
      expect(body.total).toBe(110);
      expect(
        body.data.map((s) => s._id),
        `page ${p} of ${limit}`,
      ).toEqual(all.slice((p - 1) * limit, p * limit).map((s) => s.id));
      for (const [i, s] of body.data.entries())
        expect(s.distance).toBeCloseTo(all[(p - 1) * limit + i]!.d, 1);
    }
    // Every page ends within the largest reach; none was read twice.
    expect(spaPlanning.fromReach - fromReach).toBe(asked.length);
    expect(spaPlanning.innerFellShort - short).toBe(0);
  });

  it('reads a page that ends past the largest reach, and one with filters, from the count', async () => {
    await refreshSpaReaches(t.database);
    const all = expected(town, 100);
    const fromReach = spaPlanning.fromReach;
    const body = await page(town, 100, 3, 50);
    expect(body.data.map((s) => s._id)).toEqual(all.slice(100, 150).map((s) => s.id));
    const named = await page(town, 100, 1, 6, '&city=Vijayawada');
    expect(named.data.map((s) => s._id)).toEqual(all.slice(0, 6).map((s) => s.id));
    expect(spaPlanning.fromReach - fromReach).toBe(0);
  });

  it('gives the right page when spas moved since their reaches were found: read again, wider', async () => {
    await refreshSpaReaches(t.database);
    // The 60 spas nearest the centre move 10 km north: the reaches of those left at the centre now hold
    // spas that are gone.
    const nearest = expected(town, 100).slice(0, 60);
    for (const n of nearest) {
      const spa = spas.find((s) => String(s.id) === n.id)!;
      spa.lat += 10 / 111.2;
      await t.database.db.updateTable('spas').set({ latitude: spa.lat }).where('id', '=', spa.id).execute();
    }
    const short = spaPlanning.innerFellShort;
    for (const [p, limit] of [
      [1, 50],
      [1, 25],
    ] as const) {
      const all = expected(town, 100);
      const body = await page(town, 100, p, limit);
      expect(body.total).toBe(110);
      expect(body.data.map((s) => s._id)).toEqual(all.slice(0, limit).map((s) => s.id));
    }
    expect(spaPlanning.innerFellShort - short).toBeGreaterThan(0);
    // Found again, they hold the page at once.
    await refreshSpaReaches(t.database);
    const again = spaPlanning.innerFellShort;
    const body = await page(town, 100, 1, 50);
    expect(body.data.map((s) => s._id)).toEqual(
      expected(town, 100)
        .slice(0, 50)
        .map((s) => s.id),
    );
    expect(spaPlanning.innerFellShort - again).toBe(0);
  });

  it('replaces the rows of moved spas and drops those of removed ones', async () => {
    await refreshSpaReaches(t.database);
    const [moved, removed] = [spas[3]!, spas[7]!];
    moved.lat += 0.5;
    await t.database.db.updateTable('spas').set({ latitude: moved.lat }).where('id', '=', moved.id).execute();
    await t.database.db.deleteFrom('spas').where('id', '=', removed.id).execute();
    spas.splice(spas.indexOf(removed), 1);
    // Not yet found again: the old rows stay, and the pages are still right.
    expect((await reachRows()).some((r) => Number(r.spa_id) === removed.id)).toBe(true);
    expect((await page(town, 100, 1, 50)).data.map((s) => s._id)).toEqual(
      expected(town, 100)
        .slice(0, 50)
        .map((s) => s.id),
    );
    await refreshSpaReaches(t.database);
    const rows = await reachRows();
    expect(rows.map((r) => Number(r.spa_id))).toEqual(spas.map((s) => s.id).sort((a, b) => a - b));
    const row = rows.find((r) => Number(r.spa_id) === moved.id)!;
    expect(Number(row.strip)).toBe(Math.floor(moved.lat * REACH_STRIPS_PER_DEGREE));
  });

  it('leaves a reach empty where the board holds fewer spas than its size, and the page right', async () => {
    const few = await createTestApp({ seed: false });
    try {
      const at = { lat: 12.3, lng: 76.6 };
      const ids: number[] = [];
      for (let i = 0; i < 30; i++) {
        ids.push(
          await insertSpa(few.database, { latitude: at.lat + i * 0.001, longitude: at.lng, city: 'Mysuru' }),
        );
      }
      await refreshSpaReaches(few.database);
      const rows = await few.database.db.selectFrom('spa_reaches').selectAll().execute();
      expect(rows).toHaveLength(30);
      for (const r of rows) {
        expect(r.r6).not.toBeNull();
        expect(r.r25).not.toBeNull();
        expect(r.r50).toBeNull();
        expect(r.r100).toBeNull();
      }
      const res = await few.app.inject(`/api/v1/spas/search?lat=${at.lat}&lng=${at.lng}&radius=10&limit=50`);
      expect((res.json() as { data: { _id: string }[] }).data.map((s) => Number(s._id))).toEqual(ids);
    } finally {
      await few.close();
    }
  });
});
