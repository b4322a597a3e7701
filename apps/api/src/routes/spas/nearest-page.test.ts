import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertSpa, placeAround } from '../../../test/factories.ts';
import { distanceKm } from '../../lib/geo.ts';
import { spaPlanning } from '../../repositories/spa-repository.ts';

/**
 * Spas near a place, nearest first, page by page: the page is first read from a smaller circle than
 * asked (decision 51) and must be the same as the whole circle's, whether the spas crowd the point
 * or thin out around it.
 */
describe('spas near a place, page by page', () => {
  let t: TestApp;
  // Two places far from the demo data and from each other.
  const crowded = { lat: 15.5, lng: 75.0 };
  const sparse = { lat: 13.0, lng: 79.5 };
  const spread: { id: number; lat: number; lng: number }[] = [];
  let k = 0;

  /** A spa `km` from `at`, in a direction that turns with every spa. */
  async function spaAt(at: { lat: number; lng: number }, km: number) {
    const { lat, lng } = placeAround(at, km, k++);
    spread.push({
      id: await insertSpa(t.database, { latitude: lat, longitude: lng, city: 'Hubli' }),
      lat,
      lng,
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // Crowded: 40 spas within 2 km of the point, 80 more 30 to 95 km away.
    for (let i = 0; i < 40; i++) await spaAt(crowded, 0.05 * i);
    for (let i = 0; i < 80; i++) await spaAt(crowded, 30 + (65 * i) / 80);
    // Sparse: 4 spas within 3 km, 100 more 70 to 98 km away, so that the smaller circle falls short.
    for (let i = 0; i < 4; i++) await spaAt(sparse, 0.5 + i * 0.7);
    for (let i = 0; i < 100; i++) await spaAt(sparse, 70 + (28 * i) / 100);
  });
  afterAll(() => t.close());

  /** Every spa within `radius` of `at`, nearest first, then by id, as computed here. */
  const expected = (at: { lat: number; lng: number }, radius: number) =>
    spread
      .map((s) => ({ id: String(s.id), d: distanceKm(at.lat, at.lng, s.lat, s.lng) }))
      .filter((s) => s.d <= radius)
      .sort((a, b) => a.d - b.d || Number(a.id) - Number(b.id));

  async function page(at: { lat: number; lng: number }, radius: number, p: number, limit: number) {
    const res = await t.app.inject(
      `/api/v1/spas/search?lat=${at.lat}&lng=${at.lng}&radius=${radius}&page=${p}&limit=${limit}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as { data: { _id: string; distance: number }[]; total: number };
  }

  it('reads each page of a crowded point from a smaller circle, the same pages as the whole circle gives', async () => {
    const all = expected(crowded, 100);
    expect(all.length).toBe(120);
    const before = spaPlanning.fromInner;
    // Pages 1 to 8 lie among the nearest 40, which a circle of 82 km or less would hold twice over at the
    // mean density; page 13's nearest 65 would not fit twice in the whole circle, which is read.
    for (const p of [1, 2, 3, 5, 8, 13]) {
      const body = await page(crowded, 100, p, 5);
      expect(body.total).toBe(120);
      expect(
        body.data.map((s) => s._id),
        `page ${p}`,
      ).toEqual(all.slice((p - 1) * 5, p * 5).map((s) => s.id));
      for (const [i, s] of body.data.entries()) expect(s.distance).toBeCloseTo(all[(p - 1) * 5 + i]!.d, 1);
    }
    expect(spaPlanning.fromInner - before).toBe(5);
  });

  it('reads wider circles when the smaller one holds less than the page', async () => {
    const all = expected(sparse, 100);
    expect(all.length).toBe(104);
    const short = spaPlanning.innerFellShort;
    const body = await page(sparse, 100, 1, 10);
    expect(body.total).toBe(104);
    // The four near spas, then the six nearest of those 70 km and more away.
    expect(body.data.map((s) => s._id)).toEqual(all.slice(0, 10).map((s) => s.id));
    expect(body.data[4]!.distance).toBeGreaterThanOrEqual(70);
    expect(spaPlanning.innerFellShort - short).toBe(1);
  });

  it('gives the last, partial page and an empty page past it, at any radius', async () => {
    for (const radius of [1, 2.5, 40, 100]) {
      const all = expected(crowded, radius);
      const last = Math.ceil(all.length / 12);
      const body = await page(crowded, radius, last, 12);
      expect(body.total, `${radius} km`).toBe(all.length);
      expect(
        body.data.map((s) => s._id),
        `${radius} km`,
      ).toEqual(all.slice((last - 1) * 12).map((s) => s.id));
      expect((await page(crowded, radius, last + 1, 12)).data).toEqual([]);
    }
  });

  it('nearspa gives the nearest of a crowded point and of a sparse one', async () => {
    for (const at of [crowded, sparse]) {
      const res = await t.app.inject(`/api/v1/spas/nearspa?lat=${at.lat}&lng=${at.lng}&radius=100&limit=7`);
      const body = res.json() as { data: { _id: string }[]; count: number };
      const all = expected(at, 100);
      expect(body.count).toBe(all.length);
      expect(body.data.map((s) => s._id)).toEqual(all.slice(0, 7).map((s) => s.id));
    }
  });
});
