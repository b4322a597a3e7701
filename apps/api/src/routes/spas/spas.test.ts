import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertJob, insertSpa } from '../../../test/factories.ts';
import { distanceKm } from '../../lib/geo.ts';

describe('spas on generated data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 120, jobs: 400 } });
  });
  afterAll(() => t.close());

  it('nearspa: spas near Mumbai, nearest first, each within the radius and carrying its distance', async () => {
    const res = await t.app.inject('/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=20');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.count).toBeGreaterThanOrEqual(body.data.length);
    const d = body.data.map((s: { distance: number }) => s.distance);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(Math.max(...d)).toBeLessThanOrEqual(20);
    expect(body.data.every((s: { city: string }) => s.city === 'Mumbai')).toBe(true);
  });

  it('nearspa: counts every spa within the radius and returns the nearest, as the distances computed here say', async () => {
    const spas = await t.database.db.selectFrom('spas').select(['id', 'latitude', 'longitude']).execute();
    for (const radius of [3, 20, 400]) {
      const within = spas
        .map((s) => ({ id: String(s.id), d: distanceKm(19.076, 72.8777, s.latitude, s.longitude) }))
        .filter((s) => s.d <= radius)
        .sort((a, b) => a.d - b.d || Number(a.id) - Number(b.id));
      const body = (
        await t.app.inject(`/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=${radius}&limit=7`)
      ).json();
      expect(body.count, `${radius} km`).toBe(within.length);
      expect(
        body.data.map((s: { _id: string }) => s._id),
        `${radius} km`,
      ).toEqual(within.slice(0, 7).map((s) => s.id));
    }
  });

  it('nearspa: default radius is 10 km; a smaller radius finds no more spas than a larger one', async () => {
    const ten = (await t.app.inject('/api/v1/spas/nearspa?lat=19.076&lng=72.8777')).json();
    const five = (await t.app.inject('/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=5')).json();
    expect(ten.data.every((s: { distance: number }) => s.distance <= 10)).toBe(true);
    expect(five.count).toBeLessThanOrEqual(ten.count);
  });

  it('nearspa: refuses missing or malformed coordinates with a 400 naming the field', async () => {
    for (const q of [
      'lng=72.8',
      'lat=abc&lng=72.8',
      'lat=19&lng=500',
      'lat=19&lng=72&radius=-1',
      'lat=19&lng=72&radius=ten',
    ]) {
      const res = await t.app.inject(`/api/v1/spas/nearspa?${q}`);
      expect(res.statusCode, q).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false });
      expect(Object.keys(body.fields).length).toBeGreaterThan(0);
      expect(body.message).toMatch(/lat|lng|radius/);
    }
  });

  it('search: 12 a page by default, with total and pages; the last page and a page past the end', async () => {
    const first = (await t.app.inject('/api/v1/spas/search')).json();
    expect(first).toMatchObject({ success: true, page: 1, total: 120, pages: 10 });
    expect(first.data).toHaveLength(12);
    const last = (await t.app.inject('/api/v1/spas/search?page=10')).json();
    expect(last.data).toHaveLength(12);
    const past = (await t.app.inject('/api/v1/spas/search?page=11')).json();
    expect(past).toMatchObject({ success: true, page: 11, total: 120, data: [] });
    const ids = new Set<string>();
    for (let p = 1; p <= 10; p++) {
      for (const s of (await t.app.inject(`/api/v1/spas/search?page=${p}`)).json().data) ids.add(s._id);
    }
    expect(ids.size).toBe(120);
  });

  it('search: state and city filter exactly; name is a case-insensitive contains; combined they narrow', async () => {
    const state = (await t.app.inject('/api/v1/spas/search?state=Maharashtra&limit=100')).json();
    expect(state.total).toBeGreaterThan(0);
    expect(state.data.every((s: { state: string }) => s.state === 'Maharashtra')).toBe(true);
    const city = (await t.app.inject('/api/v1/spas/search?state=Maharashtra&city=Pune&limit=100')).json();
    expect(city.total).toBeLessThanOrEqual(state.total);
    expect(city.data.every((s: { city: string }) => s.city === 'Pune')).toBe(true);
    const word = state.data[0].name.split(' ')[0] as string;
    const byName = (
      await t.app.inject(`/api/v1/spas/search?name=${encodeURIComponent(word.toUpperCase())}&limit=100`)
    ).json();
    expect(byName.total).toBeGreaterThan(0);
    expect(
      byName.data.every((s: { name: string }) => s.name.toLowerCase().includes(word.toLowerCase())),
    ).toBe(true);
    const none = (await t.app.inject('/api/v1/spas/search?name=%25%25no-such-spa')).json();
    expect(none).toMatchObject({ total: 0, data: [] });
  });

  it('search: with a point and radius, only spas within it, each with its distance', async () => {
    const res = (
      await t.app.inject('/api/v1/spas/search?lat=12.9716&lng=77.5946&radius=15&limit=100')
    ).json();
    expect(res.total).toBeGreaterThan(0);
    expect(
      res.data.every((s: { distance: number; city: string }) => s.distance <= 15 && s.city === 'Bengaluru'),
    ).toBe(true);
    const bad = await t.app.inject('/api/v1/spas/search?radius=10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('radius');
  });

  it('spaall is capped and paged', async () => {
    const res = (await t.app.inject('/api/v1/spas/spaall')).json();
    expect(res.data.length).toBeLessThanOrEqual(100);
    expect(res.total).toBe(120);
    const capped = await t.app.inject('/api/v1/spas/spaall?limit=100000');
    expect(capped.statusCode).toBe(400);
  });

  it('states and cities come from the spas, sorted; cities narrow to a state', async () => {
    const states: string[] = (await t.app.inject('/api/v1/spas/locations/states')).json();
    expect(states.length).toBeGreaterThan(5);
    expect([...states].sort()).toEqual(states);
    const cities: string[] = (await t.app.inject('/api/v1/spas/locations/cities?state=Maharashtra')).json();
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.every((c) => ['Mumbai', 'Pune', 'Nagpur'].includes(c))).toBe(true);
    const all: string[] = (await t.app.inject('/api/v1/spas/locations/cities')).json();
    expect(all.length).toBeGreaterThan(cities.length);
  });
});

describe('spas on known places', () => {
  let t: TestApp;
  let indiaGate: number;
  let tajMahal: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    indiaGate = await insertSpa(t.database, {
      name: 'India Gate Spa',
      latitude: 28.6129,
      longitude: 77.2295,
    });
    await insertSpa(t.database, { name: 'Connaught Place Spa', latitude: 28.6315, longitude: 77.2167 });
    tajMahal = await insertSpa(t.database, {
      name: 'Taj Ganj Ayurveda',
      category: 'Ayurveda',
      city: 'Agra',
      state: 'Uttar Pradesh',
      latitude: 27.1751,
      longitude: 78.0421,
    });
    await insertJob(t.database, tajMahal, { title: 'Ayurvedic Therapist' });
    await insertJob(t.database, tajMahal, { title: 'Spa Manager' });
    await insertJob(t.database, tajMahal, { title: 'Closed Job', is_active: 0 });
    await insertJob(t.database, tajMahal, { title: 'Expired Job', expires_at: Date.now() - 1000 });
  });
  afterAll(() => t.close());

  it('the Taj Mahal is about 178 km from India Gate: outside a 175 km radius, inside 185 km', async () => {
    const near = (await t.app.inject('/api/v1/spas/nearspa?lat=28.6129&lng=77.2295&radius=175')).json();
    expect(near.data.map((s: { name: string }) => s.name)).toEqual(['India Gate Spa', 'Connaught Place Spa']);
    expect(near.data[0].distance).toBe(0);
    expect(near.data[1].distance).toBeGreaterThan(2);
    expect(near.data[1].distance).toBeLessThan(2.6);
    const far = (await t.app.inject('/api/v1/spas/nearspa?lat=28.6129&lng=77.2295&radius=185')).json();
    expect(far.data).toHaveLength(3);
    const taj = far.data[2];
    expect(taj.name).toBe('Taj Ganj Ayurveda');
    expect(taj.distance).toBeGreaterThan(177);
    expect(taj.distance).toBeLessThan(180);
  });

  it('details: the spa with its open jobs only, and its real open-jobs count', async () => {
    const res = await t.app.inject(`/api/v1/spas/spa/${tajMahal}/details`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.spa).toMatchObject({
      _id: String(tajMahal),
      name: 'Taj Ganj Ayurveda',
      category: 'Ayurveda',
      openJobs: 2,
      location: { type: 'Point', coordinates: [78.0421, 27.1751] },
      geolocation: { coordinates: [78.0421, 27.1751] },
      address: { city: 'Agra', state: 'Uttar Pradesh' },
    });
    expect(body.jobs.map((j: { title: string }) => j.title).sort()).toEqual([
      'Ayurvedic Therapist',
      'Spa Manager',
    ]);
    const other = (await t.app.inject(`/api/v1/spas/spa/${indiaGate}/details`)).json();
    expect(other.spa.openJobs).toBe(0);
    expect(other.jobs).toEqual([]);
  });

  it('details: unknown and malformed ids answer 404 with the spec message', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1e3', "1'--"]) {
      const res = await t.app.inject(`/api/v1/spas/spa/${encodeURIComponent(id)}/details`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        error: "The spa you're looking for doesn't exist or has been removed.",
        message: "The spa you're looking for doesn't exist or has been removed.",
        code: 'spaNotFound',
      });
    }
  });
});

describe('spas near a place, as spas move', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('nearspa: a spa that moves is found at its new place and no longer at its old one, at once', async () => {
    const spaId = await insertSpa(t.database, {
      city: 'Shillong',
      state: 'Meghalaya',
      latitude: 25.5788,
      longitude: 91.8933,
    });
    const ids = async (lat: number, lng: number) =>
      (await t.app.inject(`/api/v1/spas/nearspa?lat=${lat}&lng=${lng}&radius=2`))
        .json()
        .data.map((s: { _id: string }) => s._id);
    expect(await ids(25.5788, 91.8933)).toEqual([String(spaId)]);
    await t.database.db
      .updateTable('spas')
      .set({ latitude: 23.8315, longitude: 91.2868 })
      .where('id', '=', spaId)
      .execute();
    // Other coordinates than before: the answer above may be kept by the response cache.
    expect(await ids(25.5789, 91.8934)).toEqual([]);
    expect(await ids(23.84, 91.29)).toEqual([String(spaId)]);
  });
});
