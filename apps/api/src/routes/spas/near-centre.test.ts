import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spa } from '@spajobs/contract/spa';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertSpa } from '../../../test/factories.ts';
import { centrePieces, distanceKm, stripRanges } from '../../lib/geo.ts';
import { pageRadius, spaPlanning } from '../../repositories/spa-repository.ts';

/**
 * A circle's count takes the sure part of its centre's strip in pieces, to size the smaller circle its page
 * is first read from by the density around the centre (decision 69); on SQLite the page's spas come as one
 * JSON array each (decision 70). The counts must still be those of every spa's own distance, with spas on
 * every piece's bounds, and the page's spas the same as each spa's own details.
 */
describe('spas near a place, counted in pieces around the centre', () => {
  let t: TestApp;
  const centre = { lat: 23.23, lng: 77.41 };
  const radius = 60;
  const spas: { id: string; lat: number; lng: number }[] = [];

  /** A spa, unless it would lie within a metre of the circle's edge, where the two distance formulas may part. */
  async function add(lat: number, lng: number, over: Parameters<typeof insertSpa>[1] = {}) {
    if (Math.abs(distanceKm(centre.lat, centre.lng, lat, lng) - radius) < 0.001) return 0;
    const id = await insertSpa(t.database, { latitude: lat, longitude: lng, city: 'Bhopal', ...over });
    spas.push({ id: String(id), lat, lng });
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const ranges = stripRanges(centre.lat, centre.lng, radius);
    const { pieces } = centrePieces(centre.lat, centre.lng, ranges);
    expect(pieces.length).toBeGreaterThan(5);
    // On each piece's bounds, at the strip's edges and middle; and on every strip's sure bounds.
    const strip = pieces[0]!.strip;
    for (const p of pieces)
      for (const lat of [strip / 10, strip / 10 + 0.05, (strip + 1) / 10 - 1e-9])
        for (const lng of [p.lo, p.hi]) await add(lat, lng);
    // (Not within a metre of the circle's edge, where the two distance formulas may part.)
    for (const r of ranges)
      for (const lng of [r.innerLo, r.innerHi, (r.innerLo + r.lo) / 2]) await add(r.strip / 10 + 0.05, lng);
    // A crowd near the centre, thinning out to the circle's edge.
    for (let i = 0; i < 150; i++) {
      const km = i < 100 ? i * 0.04 : 8 + (i - 100);
      const a = i * 2.4;
      await add(
        centre.lat + (km / 111.2) * Math.cos(a),
        centre.lng + ((km / 111.2) * Math.sin(a)) / Math.cos((centre.lat * Math.PI) / 180),
      );
    }
  });
  afterAll(() => t.close());

  const within = (r: number) =>
    spas
      .map((s) => ({ ...s, d: distanceKm(centre.lat, centre.lng, s.lat, s.lng) }))
      .filter((s) => s.d <= r)
      .sort((a, b) => a.d - b.d || Number(a.id) - Number(b.id));

  it('counts the spas on every piece and sure bound once, and pages them nearest first', async () => {
    const all = within(radius);
    expect(spas.length - all.length).toBeGreaterThan(0);
    // With the circle sized by the density around the centre, and by the circle's mean.
    for (const [centreDensity, limits] of [
      [true, [6, 50]],
      [false, [7, 49]],
    ] as const) {
      spaPlanning.centreDensity = centreDensity;
      const before = spaPlanning.fromInner;
      for (const limit of limits) {
        const res = await t.app.inject(
          `/api/v1/spas/nearspa?lat=${centre.lat}&lng=${centre.lng}&radius=${radius}&limit=${limit}`,
        );
        expect(res.statusCode).toBe(200);
        const body = res.json() as { data: { _id: string }[]; count: number };
        expect(body.count).toBe(all.length);
        expect(body.data.map((s) => s._id)).toEqual(all.slice(0, limit).map((s) => s.id));
      }
      // Both pages were read from a smaller circle than asked.
      expect(spaPlanning.fromInner - before).toBe(2);
    }
    spaPlanning.centreDensity = true;
  });

  it('sizes the smaller circle by the crowd around the centre, not the circle’s mean', () => {
    // 100 spas in the 61 km² around the centre of a circle of 60 km holding 300.
    const r = pageRadius(60, 300, 50, [100, 120, 150, 200, 250, 260], [61, 122, 244, 488, 976, 1500]);
    expect(r).toBeCloseTo(Math.sqrt((2 * 50) / (Math.PI * (100 / 61))), 6);
    // Too few around the centre to tell: the mean density; the whole circle when it holds the page twice.
    expect(pageRadius(60, 300, 50, [3, 6, 12, 20, 24], [61, 122, 244, 488, 976])).toBeCloseTo(
      60 * Math.sqrt(100 / 300),
      6,
    );
    expect(pageRadius(60, 90, 50, [100], [61])).toBe(60);
  });

  it('gives each spa of a page as its own details give it', async () => {
    const odd = await add(centre.lat + 0.001, centre.lng + 0.001, {
      name: 'स्पा "Quote" \\ back\\slash ☺',
      business_name: null,
      logo: null,
      website: null,
      gallery_images: '["/a.svg","/b \\"c\\".svg"]',
      rating: 3.7,
      reviews_count: 0,
      verification: 'verified',
    });
    const res = await t.app.inject(
      `/api/v1/spas/nearspa?lat=${centre.lat}&lng=${centre.lng}&radius=${radius}&limit=40`,
    );
    const page = (res.json() as { data: (Spa & { distance: number })[] }).data;
    expect(page.map((s) => s._id)).toContain(String(odd));
    for (const spa of page) {
      const details = (await t.app.inject(`/api/v1/spas/spa/${spa._id}/details`)).json() as { spa: Spa };
      const { distance, ...rest } = spa;
      expect(rest).toEqual(details.spa);
      const s = spas.find((x) => x.id === spa._id)!;
      expect(distance).toBeCloseTo(distanceKm(centre.lat, centre.lng, s.lat, s.lng), 2);
    }
  });
});
