import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertJob, insertSpa } from '../../../test/factories.ts';

interface SpaList {
  data: { _id: string; name: string; rating: number; openJobs: number }[];
  total: number;
  totalCapped: boolean;
}

/**
 * A spa search by name part answers the same spas, best rated first, however the database reads them: on
 * PostgreSQL a name part held by many spas is found by walking the rating order, one held by few from the
 * trigram index, and one with a short word never from it (decision 0027).
 */
describe('spa search by name: the same page whichever way it is read', () => {
  let t: TestApp;
  /** Ids of the Orchid spas, best rated first (ties: newest id first), as pages list them. */
  let orchids: string[] = [];
  const MANY = 620;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const made: { id: number; rating: number }[] = [];
    for (let i = 0; i < MANY; i++) {
      const rating = ((i * 37) % 50) / 10;
      made.push({ id: await insertSpa(t.database, { name: `Orchid Spa ${i}`, rating }), rating });
    }
    orchids = made.sort((a, b) => b.rating - a.rating || b.id - a.id).map((s) => String(s.id));
    for (const [name, rating] of [
      ['Rose Garden Retreat', 3.1],
      ['Wild Rose Wellness', 4.8],
      ['Rosemary Day Spa', 4.0],
    ] as const) {
      const id = await insertSpa(t.database, { name, rating, state: 'Goa', city: 'Panaji' });
      if (name === 'Wild Rose Wellness') await insertJob(t.database, id, { title: 'Therapist' });
    }
  }, 120_000);
  afterAll(() => t.close());

  const search = async (query: Record<string, string>) => {
    const res = await t.app.inject({ url: '/api/v1/spas/search', query: { limit: '12', ...query } });
    expect(res.statusCode).toBe(200);
    return res.json<SpaList>();
  };

  it('a part many spas hold: exact total, pages in rating order', async () => {
    for (const page of [1, 2, 30]) {
      const body = await search({ name: 'ORCHID', page: String(page) });
      expect(body.total).toBe(MANY);
      expect(body.totalCapped).toBe(false);
      expect(body.data.map((s) => s._id)).toEqual(orchids.slice((page - 1) * 12, page * 12));
    }
  });

  it('a part with a short word gives the same spas as a long one', async () => {
    const short = await search({ name: 'd sPa', page: '3' });
    expect(short.total).toBe(MANY);
    expect(short.data.map((s) => s._id)).toEqual(orchids.slice(24, 36));
    const few = await search({ name: 'y Sp' });
    expect(few.data.map((s) => s.name)).toEqual(['Rosemary Day Spa']);
  });

  it('a part few spas hold: best rated first, with their open jobs', async () => {
    const body = await search({ name: 'rose' });
    expect(body.data.map((s) => s.name)).toEqual([
      'Wild Rose Wellness',
      'Rosemary Day Spa',
      'Rose Garden Retreat',
    ]);
    expect(body.total).toBe(3);
    expect(body.data[0]!.openJobs).toBe(1);
    expect(body.data[1]!.openJobs).toBe(0);
    expect((await search({ name: 'rose', state: 'Goa', city: 'Panaji' })).total).toBe(3);
    expect((await search({ name: 'rose', state: 'Delhi' })).data).toEqual([]);
  });

  it('a page past the last is empty and keeps the total', async () => {
    const body = await search({ name: 'orchid', page: '60' });
    expect(body.data).toEqual([]);
    expect(body.total).toBe(MANY);
    const none = await search({ name: 'qzxkvbw' });
    expect(none).toMatchObject({ data: [], total: 0, totalCapped: false });
  });
});
