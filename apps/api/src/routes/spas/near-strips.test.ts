import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertSpa } from '../../../test/factories.ts';
import { distanceKm } from '../../lib/geo.ts';
import { Random } from '../../demo/random.ts';

/**
 * A circle is read strip by strip, the spas surely inside counted without a distance test and the rest
 * tested (decision 62): the counts and pages must be those of every spa's own distance, for spas on the
 * strips' edges, on the centre's meridian and parallel, and scattered, at radii below and above a
 * strip's width.
 */
describe('spas near a place, read strip by strip', () => {
  let t: TestApp;
  const centre = { lat: 21.2, lng: 81.6 };
  const spas: { id: string; lat: number; lng: number; city: string }[] = [];

  const random = new Random(11);
  const next = () => random.next();

  async function add(lat: number, lng: number, city = 'Raipur') {
    const id = await insertSpa(t.database, { latitude: lat, longitude: lng, city, state: 'Chhattisgarh' });
    spas.push({ id: String(id), lat, lng, city });
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // On the edges of strips (a tenth of a degree), along the centre's meridian and parallel.
    for (let k = -12; k <= 12; k++) {
      await add(centre.lat + k / 10, centre.lng);
      await add(centre.lat + k / 10, centre.lng + k / 20);
      await add(centre.lat, centre.lng + k / 9);
    }
    // Scattered, thicker near the centre, some in a second city.
    for (let i = 0; i < 200; i++) {
      const r = 1.3 * next() ** 2;
      const a = next() * 2 * Math.PI;
      await add(centre.lat + r * Math.cos(a), centre.lng + r * Math.sin(a), i % 3 ? 'Raipur' : 'Durg');
    }
  });
  afterAll(() => t.close());

  /** The spas within `radius` km of `at` by their own distance, nearest first, then by id. */
  const within = (at: { lat: number; lng: number }, radius: number, city?: string) =>
    spas
      .map((s) => ({ ...s, d: distanceKm(at.lat, at.lng, s.lat, s.lng) }))
      .filter((s) => s.d <= radius && (!city || s.city === city))
      .sort((a, b) => a.d - b.d || Number(a.id) - Number(b.id));

  /** No spa lies within a metre of the circle's edge, where the two distance formulas may part. */
  const clearOfEdge = (at: { lat: number; lng: number }, radius: number) =>
    spas.every((s) => Math.abs(distanceKm(at.lat, at.lng, s.lat, s.lng) - radius) > 0.001);

  const places = [
    centre,
    { lat: 21.25, lng: 81.63 },
    // A centre on a strip's edge, and one between strips off the spas' meridian.
    { lat: 21.3, lng: 81.6 },
    { lat: 20.96, lng: 81.77 },
  ];

  it.each(places)('nearspa counts and orders as the distances say, around %o', async (at) => {
    let checked = 0;
    for (const radius of [2, 5, 11, 17.5, 30, 60, 100, 160]) {
      if (!clearOfEdge(at, radius)) continue;
      checked++;
      const res = await t.app.inject(
        `/api/v1/spas/nearspa?lat=${at.lat}&lng=${at.lng}&radius=${radius}&limit=30`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: { _id: string }[]; count: number };
      const all = within(at, radius);
      expect(body.count, `${radius} km`).toBe(all.length);
      expect(
        body.data.map((s) => s._id),
        `${radius} km`,
      ).toEqual(all.slice(0, 30).map((s) => s.id));
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('counts and pages a city within a radius as the distances say', async () => {
    for (const radius of [11, 60, 160]) {
      const all = within(centre, radius, 'Durg');
      expect(all.length).toBeGreaterThan(5);
      const res = await t.app.inject(
        `/api/v1/spas/search?lat=${centre.lat}&lng=${centre.lng}&radius=${radius}&city=Durg&limit=5&page=2`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: { _id: string }[]; total: number };
      expect(body.total, `${radius} km`).toBe(all.length);
      expect(body.data.map((s) => s._id)).toEqual(all.slice(5, 10).map((s) => s.id));
    }
  });
});
