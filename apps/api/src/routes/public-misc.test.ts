import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('stats, geo, health and docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 30, jobs: 90 } });
    await t.database.db
      .insertInto('users')
      .values([
        {
          email: 'a@example.in',
          phone: '9000000001',
          firstname: 'A',
          lastname: 'B',
          role: 'user',
          created_at: 0,
          updated_at: 0,
        },
        {
          email: 'e@example.in',
          phone: '9000000002',
          firstname: 'E',
          lastname: 'F',
          role: 'employer',
          created_at: 0,
          updated_at: 0,
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('stats counts candidates, spas and open jobs', async () => {
    const s = (await t.app.inject('/api/v1/stats')).json();
    const open = (await t.app.inject('/api/v1/spajobs?limit=1')).json().total;
    expect(s).toEqual({ totalUsers: 1, totalSpas: 30, totalJobs: open });
  });

  it('reverse geocoding finds the nearest Indian city and its state', async () => {
    const cases: [number, number, string, string][] = [
      [19.076, 72.8777, 'Mumbai', 'Maharashtra'],
      [12.9716, 77.5946, 'Bengaluru', 'Karnataka'],
      [26.9124, 75.7873, 'Jaipur', 'Rajasthan'],
    ];
    for (const [lat, lng, city, state] of cases) {
      const r = (await t.app.inject(`/api/v1/geo/reverse?lat=${lat}&lng=${lng}`)).json();
      expect(r).toMatchObject({ success: true, city, state });
      expect(r.distanceKm).toBeLessThan(5);
    }
  });

  it('reverse geocoding refuses bad numbers and points outside India', async () => {
    const bad = await t.app.inject('/api/v1/geo/reverse?lat=north&lng=72');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('lat');
    const london = await t.app.inject('/api/v1/geo/reverse?lat=51.5&lng=-0.12');
    expect(london.statusCode).toBe(400);
    expect(london.json().message).toBe('This location is outside India.');
    const sea = await t.app.inject('/api/v1/geo/reverse?lat=15&lng=65');
    expect(sea.statusCode).toBe(400);
  });

  it('city search finds places by the start of their name, accents and case ignored, exact names first', async () => {
    const pune = (await t.app.inject('/api/v1/geo/cities?q=pune')).json();
    expect(pune.success).toBe(true);
    expect(pune.data[0]).toMatchObject({ city: 'Pune', state: 'Maharashtra' });
    expect(pune.data[0].lat).toBeCloseTo(18.52, 1);
    const partial = (await t.app.inject('/api/v1/geo/cities?q=%20BENGA&limit=3')).json();
    expect(partial.data.length).toBeGreaterThan(0);
    expect(partial.data.length).toBeLessThanOrEqual(3);
    for (const c of partial.data) expect(c.city.toLowerCase()).toMatch(/^benga/);
    const accents = (await t.app.inject('/api/v1/geo/cities?q=kanniyakumari')).json();
    expect(accents.data[0].city).toBe('Kanniyākumāri');
    expect((await t.app.inject('/api/v1/geo/cities?q=zzzzqq')).json().data).toEqual([]);
    expect((await t.app.inject('/api/v1/geo/cities?q=')).statusCode).toBe(400);
    expect((await t.app.inject('/api/v1/geo/cities?q=pu&limit=500')).statusCode).toBe(400);
  });

  it('health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready', database: t.engine });
  });

  it('readiness fails with 503 when the database is gone', async () => {
    const t2 = await createTestApp({ seed: false });
    await t2.database.destroy();
    const res = await t2.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not ready', problem: expect.stringMatching(/database/) });
    await t2.app.close();
  });

  it('the OpenAPI document lists the public routes with their parameters', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const p of [
      '/api/v1/spas/nearspa',
      '/api/v1/spas/search',
      '/api/v1/spajobs/',
      '/api/v1/spajobs/{id}',
      '/api/v1/stats',
      '/api/v1/geo/reverse',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
    const params = doc.paths['/api/v1/spajobs/'].get.parameters.map((x: { name: string }) => x.name);
    expect(params).toEqual(
      expect.arrayContaining(['title', 'spa', 'category', 'state', 'city', 'postedDate', 'page', 'limit']),
    );
  });

  it('unknown API routes answer the error shape with 404; errors carry no stack', async () => {
    const res = await t.app.inject('/api/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      error: 'Not found',
      message: 'Not found',
      code: 'notFound',
    });
  });

  it('public listings asked again are answered from the response cache with the same bytes and ETag, never for a signed-in request', async () => {
    const url = '/api/v1/spas/search?state=Maharashtra&page=1';
    // Asked once, the answer is not kept; asked again, it is, and the third is answered from it.
    const first = await t.app.inject(url);
    const again = await t.app.inject(url);
    const second = await t.app.inject(url);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(again.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, max-age=15');
    expect(second.headers['cache-control']).toBe('public, max-age=15');
    const revalidated = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    const signedIn = await t.app.inject({ url, headers: { authorization: 'Bearer x' } });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    const other = await t.app.inject('/api/v1/spas/search?state=Kerala&page=1');
    expect(other.headers['x-cache']).toBeUndefined();
    expect(other.body).not.toBe(first.body);
    // Many URLs asked once each, as phones ask their own places: none is kept, and the listing kept above
    // is still answered from the cache. One of them asked again is kept, and answered from it the third time.
    for (let i = 0; i < 50; i++) {
      const once = await t.app.inject(`/api/v1/spas/nearspa?lat=19.${1000 + i}&lng=72.8777&radius=5`);
      expect(once.statusCode).toBe(200);
      expect(once.headers['x-cache']).toBeUndefined();
    }
    expect((await t.app.inject(url)).headers['x-cache']).toBe('hit');
    const nearOnce = '/api/v1/spas/nearspa?lat=19.1000&lng=72.8777&radius=5';
    expect((await t.app.inject(nearOnce)).headers['x-cache']).toBeUndefined();
    expect((await t.app.inject(nearOnce)).headers['x-cache']).toBe('hit');
    const bad = await t.app.inject('/api/v1/spas/search?page=0');
    expect(bad.statusCode).toBe(400);
  });

  it('demo images are drawn as SVG and cached', async () => {
    const res = await t.app.inject('/api/v1/media/logo/12.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body.startsWith('<svg')).toBe(true);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/api/v1/media/logo/../../etc.svg')).statusCode).not.toBe(200);
  });
});
