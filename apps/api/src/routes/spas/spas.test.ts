import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/spas/nearspa', () => {
  it('finds spas near Mumbai nearest first, each with a distance within the radius', async () => {
    const res = await t.app.inject('/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=20');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    const d = body.data.map((s: { distance: number }) => s.distance);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(Math.max(...d)).toBeLessThanOrEqual(20);
    expect(body.data.every((s: { city: string }) => s.city === 'Mumbai')).toBe(true);
  });
});
