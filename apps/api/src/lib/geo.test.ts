import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM } from '@spajobs/contract/common';
import { Random } from '../demo/random.ts';
import { STRIPS_PER_DEGREE, stripRanges } from './geo.ts';

const rad = Math.PI / 180;

/** Whether a point is within the circle, by the test the database applies (decision 40). */
function inside(lat: number, lng: number, c: { lat: number; lng: number; radiusKm: number }): boolean {
  const v = (a: number, b: number) => [
    Math.cos(a * rad) * Math.cos(b * rad),
    Math.cos(a * rad) * Math.sin(b * rad),
    Math.sin(a * rad),
  ];
  const [x, y, z] = v(c.lat, c.lng);
  const [px, py, pz] = v(lat, lng);
  return x! * px! + y! * py! + z! * pz! >= Math.cos(c.radiusKm / EARTH_RADIUS_KM);
}

describe('stripRanges', () => {
  const random = new Random(7);
  const next = () => random.next();
  const circles = [
    { lat: 19.076, lng: 72.8777, radiusKm: 100 },
    { lat: 28.61, lng: 77.2, radiusKm: 0.1 },
    { lat: 8.5, lng: 76.9, radiusKm: 500 },
    { lat: 19.2, lng: 72.8, radiusKm: 5 },
    // Centres on a strip's edge, and near a pole where the half-width grows fastest.
    { lat: 20, lng: 80, radiusKm: 11.1 },
    { lat: 84.5, lng: 10, radiusKm: 300 },
    { lat: -45.05, lng: -120, radiusKm: 50 },
    ...Array.from({ length: 40 }, () => ({
      lat: -80 + next() * 160,
      lng: -170 + next() * 340,
      radiusKm: [0.1, 1, 5, 20, 100, 500][Math.floor(next() * 6)]!,
    })),
  ];

  it.each(circles)('holds every point of the circle %o, and only sure ones inside', (c) => {
    const ranges = new Map(stripRanges(c.lat, c.lng, c.radiusKm).map((r) => [r.strip, r]));
    const spread = (c.radiusKm / EARTH_RADIUS_KM / rad) * 1.2;
    let inCircle = 0;
    let sure = 0;
    const missed: string[] = [];
    const wronglySure: string[] = [];
    for (let k = 0; k < 4000; k++) {
      const lat = Math.max(-90, Math.min(90, c.lat + (next() * 2 - 1) * spread));
      const lng = c.lng + ((next() * 2 - 1) * spread) / Math.max(0.05, Math.cos(lat * rad));
      if (lng < -180 || lng > 180) continue;
      const r = ranges.get(Math.floor(lat * STRIPS_PER_DEGREE));
      const isIn = inside(lat, lng, c);
      if (isIn) {
        inCircle++;
        // Every point of the circle lies in its strip's range.
        if (!r || lng < r.lo || lng > r.hi) missed.push(`${lat}, ${lng}`);
      }
      if (r && lng > r.innerLo && lng < r.innerHi) {
        sure++;
        // A point the range calls sure is in the circle.
        if (!isIn) wronglySure.push(`${lat}, ${lng}`);
      }
    }
    expect(missed).toEqual([]);
    expect(wronglySure).toEqual([]);
    expect(inCircle).toBeGreaterThan(100);
    // Below a strip's width most of a circle is left to the test; above it most is sure.
    if (c.radiusKm >= 100 && Math.abs(c.lat) < 60) expect(sure / inCircle).toBeGreaterThan(0.5);
  });

  it('reads one range per strip between the box edges, each no wider than the box', () => {
    const ranges = stripRanges(19.076, 72.8777, 100);
    // 100 km is 0.9 degrees each way: 18 or 19 strips of a tenth of a degree.
    expect(ranges.length).toBeGreaterThanOrEqual(18);
    expect(ranges.length).toBeLessThanOrEqual(19);
    expect(ranges.map((r) => r.strip)).toEqual(ranges.map((_, k) => ranges[0]!.strip + k));
    for (const r of ranges) {
      expect(r.lo).toBeLessThanOrEqual(r.innerLo);
      expect(r.innerLo).toBeLessThanOrEqual(r.innerHi);
      expect(r.innerHi).toBeLessThanOrEqual(r.hi);
      expect(r.hi - r.lo).toBeLessThan(2 * 0.96);
    }
  });

  it('reads whole parallels around a pole', () => {
    const ranges = stripRanges(89.5, 0, 100);
    expect(ranges.every((r) => r.lo === -180 && r.hi === 180 && r.innerLo === r.innerHi)).toBe(true);
    expect(ranges.at(-1)!.strip).toBe(900);
  });
});
