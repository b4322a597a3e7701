import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_COUNT_CAP } from '@spajobs/contract/common';
import { spaListResponse, spaNearResponse } from '@spajobs/contract/spa';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { centrePieces, distanceKm, STRIPS_PER_DEGREE, stripRanges } from '../../lib/geo.ts';
import { partCounts, piecesJson, SpaRepository } from '../../repositories/spa-repository.ts';

/**
 * A circle's spas are counted up to NEAR_COUNT_CAP (decision 86): beyond it the count says the cap and
 * that there are more, and a page further than the cap counts to its own end. The pages are the nearest
 * spas whatever the count, on both engines.
 */
describe('spas near a place, counted up to a cap', () => {
  let t: TestApp;
  const centre = { lat: 19.1, lng: 72.9 };
  const spas: { id: string; d: number; lat: number; lng: number }[] = [];
  const MORE = 120;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // More than the cap within 30 km, over several strips of the place index, thicker near the centre.
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
    const places = Array.from({ length: NEAR_COUNT_CAP + MORE }, () => {
      const km = 30 * random() ** 1.5;
      const a = random() * 2 * Math.PI;
      return {
        lat: centre.lat + (km / 111.2) * Math.cos(a),
        lng: centre.lng + ((km / 111.2) * Math.sin(a)) / Math.cos((centre.lat * Math.PI) / 180),
      };
    });
    // A hundred to a statement.
    for (let i = 0; i < places.length; i += 100) {
      const batch = places.slice(i, i + 100);
      const rows = await t.database.db
        .insertInto('spas')
        .values(
          batch.map((p, k) => ({
            name: `Capped Spa ${i + k}`,
            category: 'Spa & Massage',
            city: 'Mumbai',
            state: 'Maharashtra',
            full_address: `${i + k} Test Road, Mumbai, Maharashtra 400001`,
            latitude: p.lat,
            longitude: p.lng,
            gallery_images: '[]',
            rating: 4.2,
            reviews_count: 10,
            created_at: Date.now(),
          })),
        )
        .returning(['id', 'latitude', 'longitude'])
        .execute();
      for (const r of rows)
        spas.push({
          id: String(r.id),
          d: distanceKm(centre.lat, centre.lng, r.latitude, r.longitude),
          lat: r.latitude,
          lng: r.longitude,
        });
    }
    spas.sort((a, b) => a.d - b.d || Number(a.id) - Number(b.id));
  }, 120_000);
  afterAll(() => t.close());

  const near = async (radius: number, limit = 50) => {
    const res = await t.app.inject(
      `/api/v1/spas/nearspa?lat=${centre.lat}&lng=${centre.lng}&radius=${radius}&limit=${limit}`,
    );
    expect(res.statusCode).toBe(200);
    return spaNearResponse.parse(res.json());
  };

  it('says the cap, and that there are more, when the circle holds more', async () => {
    const body = await near(40);
    expect(body.count).toBe(NEAR_COUNT_CAP);
    expect(body.countCapped).toBe(true);
    expect(body.data.map((s) => s._id)).toEqual(spas.slice(0, 50).map((s) => s.id));
    expect(distances(body.data).every((d) => d <= 40)).toBe(true);
  });

  it('counts exactly below the cap', async () => {
    const within = spas.filter((s) => s.d <= 8);
    expect(within.length).toBeGreaterThan(60);
    expect(within.length).toBeLessThan(NEAR_COUNT_CAP);
    const body = await near(8, 100);
    expect(body.count).toBe(within.length);
    expect(body.countCapped).toBe(false);
    expect(body.data.map((s) => s._id)).toEqual(within.slice(0, 100).map((s) => s.id));
  });

  it("counts the spas in each part of the centre's strip", async () => {
    const repo = new SpaRepository(t.database) as unknown as {
      countInCircle(
        near: { lat: number; lng: number; radiusKm: number },
        filters: object,
        cap: number,
        needed: number,
      ): Promise<{ total: number; capped: boolean; centre: number[] }>;
    };
    for (const radiusKm of [8, 40]) {
      const { pieces } = centrePieces(centre.lat, centre.lng, stripRanges(centre.lat, centre.lng, radiusKm));
      const levels = Math.max(...pieces.map((p) => p.level)) + 1;
      const inPart = (s: { lat: number; lng: number }, level: number) =>
        pieces.some(
          (p) =>
            p.level <= level &&
            Math.floor(s.lat * STRIPS_PER_DEGREE) === p.strip &&
            s.lng > p.lo &&
            s.lng <= p.hi,
        );
      const expected = Array.from({ length: levels }, (_, k) => spas.filter((s) => inPart(s, k)).length);
      const counted = await repo.countInCircle({ ...centre, radiusKm }, {}, spas.length, spas.length);
      expect(counted.capped).toBe(false);
      expect(counted.total).toBe(spas.filter((s) => s.d <= radiusKm).length);
      expect(counted.centre).toEqual(expected);
    }
  });

  it('reads a page further than the cap, counting to its end', async () => {
    const limit = 12;
    const search = async (page: number) => {
      const res = await t.app.inject(
        `/api/v1/spas/search?lat=${centre.lat}&lng=${centre.lng}&radius=40&limit=${limit}&page=${page}`,
      );
      expect(res.statusCode).toBe(200);
      return spaListResponse.parse(res.json());
    };
    const first = await search(1);
    expect(first).toMatchObject({ total: NEAR_COUNT_CAP, totalCapped: true });
    expect(first.data.map((s) => s._id)).toEqual(spas.slice(0, limit).map((s) => s.id));
    // Past the cap: the 1,069th to 1,080th nearest, with more after them.
    const beyond = await search(90);
    expect(beyond).toMatchObject({ total: 90 * limit, totalCapped: true, pages: 90 });
    expect(beyond.data.map((s) => s._id)).toEqual(spas.slice(89 * limit, 90 * limit).map((s) => s.id));
    // The last page: its end is past every spa, so the count is exact.
    const last = Math.ceil(spas.length / limit);
    const end = await search(last);
    expect(end).toMatchObject({ total: spas.length, totalCapped: false, pages: last });
    expect(end.data.map((s) => s._id)).toEqual(spas.slice((last - 1) * limit).map((s) => s.id));
  });
});

describe("a count's parts, packed in its two sums", () => {
  it('reads back each part as large as a count can go', () => {
    const parts = [10_101, 0, 1_023, 1_024, 10_101, 7];
    // What the database adds up: each entry of a piece its part's weights.
    let [a, b] = [0n, 0n];
    const pieces = JSON.parse(
      piecesJson(parts.map((_, level) => ({ strip: 1, lo: 0, hi: 1, level }))),
    ) as number[][];
    pieces.forEach((p, level) => {
      a += BigInt(p[3]!) * BigInt(parts[level]!);
      b += BigInt(p[4]!) * BigInt(parts[level]!);
    });
    expect(partCounts(String(a), String(b))).toEqual(parts);
    expect(partCounts(null, null)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

const distances = (data: { distance?: number | null | undefined }[]) =>
  data.map((s) => s.distance ?? Infinity);
