import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaNearResponse, spaSchema, type Spa } from '@spajobs/contract/spa';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertJob, insertSpa } from '../../../test/factories.ts';
import { centrePieces, distanceKm, stripRanges } from '../../lib/geo.ts';
import { pageRadius, spaPlanning } from '../../repositories/spa-repository.ts';

/**
 * A circle's count takes the sure part of its centre's strip in pieces, to size the smaller circle its page
 * is first read from by the density around the centre (decision 69); the page's spas come as the contract's
 * JSON the database writes (decision 79). The counts must still be those of every spa's own distance, with spas
 * on every piece's bounds, and the page's spas the same as each spa's own details.
 */
/** The nearby page's answer, refusing any key the contract does not name. */
const strictNear = spaNearResponse.extend({ data: z.array(spaSchema.strict()) }).strict();

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

  it('gives each spa of a page as its own details give it, in the contract’s shape', async () => {
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
    // No category, an empty gallery, the highest rating, a district and pincode, open jobs.
    const plain = await add(centre.lat - 0.0013, centre.lng + 0.0021, {
      category: '',
      gallery_images: '',
      rating: 5,
      district: 'Bhopal',
      pincode: '462001',
      phone: '+91 98765 43210',
      opening_hours: '10:00',
    });
    await insertJob(t.database, plain, { city: 'Bhopal', state: 'Madhya Pradesh' });
    await insertJob(t.database, plain, { city: 'Bhopal', state: 'Madhya Pradesh' });
    const res = await t.app.inject(
      `/api/v1/spas/nearspa?lat=${centre.lat}&lng=${centre.lng}&radius=${radius}&limit=40`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Every key the contract names and no other, each of its type (the database writes this page).
    const body = strictNear.parse(res.json());
    const page = body.data;
    expect(body.count).toBe(within(radius).length);
    expect(page.map((s) => s._id)).toEqual(expect.arrayContaining([String(odd), String(plain)]));
    const details = async (id: string) =>
      ((await t.app.inject(`/api/v1/spas/spa/${id}/details`)).json() as { spa: Spa }).spa;
    for (const spa of page) {
      const { distance, ...rest } = spa;
      expect(rest).toEqual(await details(spa._id));
      const s = spas.find((x) => x.id === spa._id)!;
      expect(distance).toBeCloseTo(distanceKm(centre.lat, centre.lng, s.lat, s.lng), 2);
      expect(distance).toBe(Math.round(distance! * 100) / 100);
    }
    const shown = page.find((s) => s._id === String(plain))!;
    expect(shown).toMatchObject({ category: 'Spa & Massage', galleryImages: [], rating: 5, openJobs: 2 });
    expect(page.find((s) => s._id === String(odd))).toMatchObject({
      galleryImages: ['/a.svg', '/b "c".svg'],
      verified: true,
      business_name: null,
    });
    // A spa search within the same circle gives the same spas, each the same.
    const search = (
      await t.app.inject(
        `/api/v1/spas/search?lat=${centre.lat}&lng=${centre.lng}&radius=${radius}&city=Bhopal&limit=40`,
      )
    ).json() as { data: Spa[] };
    expect(search.data).toEqual(page);
  });
});
