import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob, insertSpa } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
/** Andheri, Mumbai: where the candidate stands. */
const HERE = { lat: 19.1197, lng: 72.8468 };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off' } });
  const spa = (name: string, lat: number, lng: number) =>
    insertSpa(t.database, { name, city: 'Mumbai', state: 'Maharashtra', latitude: lat, longitude: lng });
  const now = Date.now();
  const near = await spa('Andheri Spa', 19.12, 72.847); // about 0 km
  const bandra = await spa('Bandra Spa', 19.0596, 72.8295); // about 7 km
  const thane = await spa('Thane Spa', 19.2183, 72.9781); // about 17 km
  const pune = await spa('Pune Spa', 18.5204, 73.8567); // about 120 km
  const job = async (key: string, spaId: number, salary: string, experience: string, ageDays: number) => {
    ids[key] = String(
      await insertJob(t.database, spaId, {
        title: `Therapist ${key}`,
        salary,
        experience,
        city: 'Mumbai',
        state: 'Maharashtra',
        posted_at: now - ageDays * 86_400_000,
      }),
    );
  };
  await job('andheri', near, '₹18,000 - ₹22,000 per month', 'Fresher', 5);
  await job('bandra', bandra, '₹35,000 - ₹45,000 per month', '3-5 years', 1);
  await job('thane', thane, '₹25,000 per month', '1-3 years', 0);
  await job('pune', pune, '₹60,000 per month', '5+ years', 2);
  await job('unsaid', bandra, 'As per experience', 'Experienced', 3);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject(`/api/v1/spajobs?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { _id: string; distance?: number }[]; total: number };
};
const keysOf = (data: { _id: string }[]) => data.map((j) => Object.keys(ids).find((k) => ids[k] === j._id));
const at = `lat=${HERE.lat}&lng=${HERE.lng}`;

describe('GET /spajobs near a place', () => {
  it('keeps the jobs of spas within the radius, each with its distance', async () => {
    const r10 = await list(`${at}&radius=10`);
    expect(new Set(keysOf(r10.data))).toEqual(new Set(['andheri', 'bandra', 'unsaid']));
    expect(r10.total).toBe(3);
    for (const j of r10.data) expect(j.distance).toBeLessThanOrEqual(10);
    const r20 = await list(`${at}&radius=20`);
    expect(r20.total).toBe(4);
    // Newest first unless asked otherwise.
    expect(keysOf(r20.data)).toEqual(['thane', 'bandra', 'unsaid', 'andheri']);
    // Without a radius: 10 km.
    expect((await list(at)).total).toBe(3);
    // Without a place: no distance.
    expect((await list('limit=20')).data.every((j) => j.distance === undefined)).toBe(true);
  });

  it('sorts nearest first, then newest', async () => {
    const r = await list(`${at}&radius=100&sort=nearest`);
    expect(keysOf(r.data)).toEqual(['andheri', 'bandra', 'unsaid', 'thane']);
    const d = r.data.map((j) => j.distance!);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    const page2 = await list(`${at}&radius=100&sort=nearest&limit=2&page=2`);
    expect(keysOf(page2.data)).toEqual(['unsaid', 'thane']);
  });

  it('finds words among the jobs near the place, newest or nearest first', async () => {
    const newest = await list(`${at}&radius=10&q=therapist`);
    expect(keysOf(newest.data)).toEqual(['bandra', 'unsaid', 'andheri']);
    expect(newest.total).toBe(3);
    const nearest = await list(`${at}&radius=10&q=therapist&sort=nearest`);
    expect(keysOf(nearest.data)).toEqual(['andheri', 'bandra', 'unsaid']);
    expect((await list(`${at}&radius=20&q=${encodeURIComponent('therapist thane')}`)).total).toBe(1);
    // Pune's job holds the word, but its spa is 120 km away.
    const far = await list(`${at}&radius=20&q=pune`);
    expect(far).toMatchObject({ total: 0, data: [] });
  });

  it('filters by the lowest monthly salary and by experience, and sorts best paid first', async () => {
    expect(new Set(keysOf((await list('salaryMin=25000')).data))).toEqual(
      new Set(['bandra', 'thane', 'pune']),
    );
    // A fresher sees jobs for freshers and those that do not say.
    expect(new Set(keysOf((await list('experience=0')).data))).toEqual(new Set(['andheri', 'unsaid']));
    expect(new Set(keysOf((await list('experience=3')).data))).toEqual(
      new Set(['andheri', 'bandra', 'thane', 'unsaid']),
    );
    expect(keysOf((await list('sort=salary')).data)).toEqual([
      'pune',
      'bandra',
      'thane',
      'andheri',
      'unsaid',
    ]);
    // With words to search too.
    expect(keysOf((await list('sort=salary&q=therapist')).data)).toEqual([
      'pune',
      'bandra',
      'thane',
      'andheri',
      'unsaid',
    ]);
    expect(keysOf((await list(`${at}&radius=20&sort=salary&salaryMin=20000`)).data)).toEqual([
      'bandra',
      'thane',
    ]);
  });

  it('refuses a radius without a place, a place without both coordinates and nearest without a place', async () => {
    for (const q of [
      'lat=19.1',
      'radius=10',
      'sort=nearest',
      'radius=500&lat=19&lng=72',
      'sort=cheapest',
      'salaryMin=-5',
    ]) {
      const res = await t.app.inject(`/api/v1/spajobs?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});
