import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Spa } from '@spajobs/contract/spa';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import { CARD_HEAD_IN_INDEX } from './spa-cards.ts';

/**
 * A nearby page writes each spa from its card (migration 0044, decision 83), kept by triggers as the spas
 * change: each change below must show on the page as on the spa's own details, and every spa has exactly
 * one card, at the key of its place.
 */
describe('spa cards kept as the spas change', () => {
  let t: TestApp;
  const centre = { lat: 19.076, lng: 72.8777 };
  const ids: number[] = [];

  const page = async () => {
    const res = await t.app.inject(
      `/api/v1/spas/nearspa?lat=${centre.lat}&lng=${centre.lng}&radius=20&limit=50`,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as { data: Spa[]; count: number };
  };
  const details = async (id: number) =>
    ((await t.app.inject(`/api/v1/spas/spa/${id}/details`)).json() as { spa: Spa }).spa;
  /** Every spa of the page is as its details give it. */
  const sameAsDetails = async (data: Spa[]) => {
    for (const { distance, ...spa } of data) {
      expect(distance).toBeGreaterThanOrEqual(0);
      expect(spa).toEqual(await details(Number(spa._id)));
    }
  };
  const shown = async (id: number) => (await page()).data.find((s) => s._id === String(id));
  const cards = async () =>
    (
      await sql<{ id: number; n: number }>`select id, count(*) as n from spa_cards group by id`.execute(
        t.database.db,
      )
    ).rows;

  beforeAll(async () => {
    // Every answer from the database: the spas are written here, not through the routes that empty the cache.
    t = await createTestApp({ seed: false, env: { RESPONSE_CACHE: 'off' } });
    for (let i = 0; i < 6; i++)
      ids.push(
        await insertSpa(t.database, {
          latitude: centre.lat + i * 0.01,
          longitude: centre.lng - i * 0.013,
          city: 'Mumbai',
          state: 'Maharashtra',
        }),
      );
  });
  afterAll(() => t.close());

  it('writes a new spa’s card, and each edit of its listed fields', async () => {
    let body = await page();
    expect(body.count).toBe(6);
    await sameAsDetails(body.data);
    await t.database.db
      .updateTable('spas')
      .set({
        name: 'Naya "Aaram" स्पा',
        rating: 4.9,
        reviews_count: 31,
        verification: 'verified',
        gallery_images: '["/x.svg"]',
        category: '',
        phone: '+91 90000 00001',
      })
      .where('id', '=', ids[1]!)
      .execute();
    body = await page();
    await sameAsDetails(body.data);
    expect(body.data.find((s) => s._id === String(ids[1]))).toMatchObject({
      name: 'Naya "Aaram" स्पा',
      rating: 4.9,
      reviews: 31,
      verified: true,
      galleryImages: ['/x.svg'],
      category: 'Spa & Massage',
      phone: '+91 90000 00001',
    });
  });

  it('moves a card with its spa, and takes a deleted spa’s card away', async () => {
    // Out of the circle, then back at another place within it.
    await t.database.db
      .updateTable('spas')
      .set({ latitude: 28.61, longitude: 77.2 })
      .where('id', '=', ids[2]!)
      .execute();
    let body = await page();
    expect(body.count).toBe(5);
    expect(body.data.map((s) => s._id)).not.toContain(String(ids[2]));
    await t.database.db
      .updateTable('spas')
      .set({ latitude: centre.lat + 0.0005, longitude: centre.lng })
      .where('id', '=', ids[2]!)
      .execute();
    body = await page();
    expect(body.count).toBe(6);
    // The nearest after the spa at the centre, at its new distance.
    expect(body.data[1]).toMatchObject({ _id: String(ids[2]), distance: 0.06 });
    await sameAsDetails(body.data);
    await t.database.db.deleteFrom('spas').where('id', '=', ids[5]!).execute();
    body = await page();
    expect(body.count).toBe(5);
    expect(body.data.map((s) => s._id)).not.toContain(String(ids[5]));
    expect((await cards()).map((c) => [Number(c.id), Number(c.n)]).sort((a, b) => a[0]! - b[0]!)).toEqual(
      ids.filter((id) => id !== ids[5]).map((id) => [id, 1]),
    );
  });

  it('gives each spa’s open jobs as its jobs change, and counts them when the card’s count has passed', async () => {
    const spa = ids[3]!;
    const job = await insertJob(t.database, spa, { city: 'Mumbai', state: 'Maharashtra' });
    await insertJob(t.database, spa, { city: 'Mumbai', state: 'Maharashtra' });
    expect(await shown(spa)).toMatchObject({ openJobs: 2 });
    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', job).execute();
    expect(await shown(spa)).toMatchObject({ openJobs: 1 });
    await sameAsDetails((await page()).data);
    // A count whose time has passed is not read: the spa's jobs are counted.
    await t.database.db
      .updateTable('spas')
      .set({ open_jobs: 99, open_jobs_until: 1 })
      .where('id', '=', spa)
      .execute();
    expect(await shown(spa)).toMatchObject({ openJobs: 1 });
    // One that holds is read from the card as the spa's row has it.
    await t.database.db
      .updateTable('spas')
      .set({ open_jobs: 7, open_jobs_from: 0, open_jobs_until: null })
      .where('id', '=', spa)
      .execute();
    expect(await shown(spa)).toMatchObject({ openJobs: 7 });
  });

  it('shows a spa with every field at its longest, in Devanagari, as its details give it', async () => {
    // About 5 KB of JSON: on PostgreSQL longer than the cards' primary key carries (migration 0045).
    const long = (n: number) => 'स्पा '.repeat(Math.ceil(n / 5)).slice(0, n);
    const spa = ids[4]!;
    await t.database.db
      .updateTable('spas')
      .set({
        name: long(200),
        business_name: long(200),
        full_address: long(300),
        city: long(100),
        district: long(100),
        state: long(100),
        website: `https://${'a'.repeat(480)}.in`,
        gallery_images: JSON.stringify(
          Array.from({ length: 12 }, (_, i) => `/api/v1/media/gallery/${i}.svg`),
        ),
      })
      .where('id', '=', spa)
      .execute();
    const headOf = async () =>
      (
        await sql<{
          head: string | null;
          long_head?: string | null;
        }>`select * from spa_cards where id = ${spa}`.execute(t.database.db)
      ).rows[0]!;
    if (t.database.engine === 'postgres') {
      const card = await headOf();
      expect(card.head).toBeNull();
      expect(Buffer.byteLength(card.long_head!)).toBeGreaterThan(CARD_HEAD_IN_INDEX);
    }
    let body = await page();
    expect(body.data.find((s) => s._id === String(spa))).toMatchObject({ name: long(200), city: long(100) });
    await sameAsDetails(body.data);
    // Short again: the head is carried by the key once more.
    await t.database.db
      .updateTable('spas')
      .set({
        name: 'Chhota Spa',
        business_name: null,
        full_address: 'x',
        city: 'Mumbai',
        district: null,
        state: 'Maharashtra',
        website: null,
      })
      .where('id', '=', spa)
      .execute();
    body = await page();
    expect(body.data.find((s) => s._id === String(spa))).toMatchObject({ name: 'Chhota Spa' });
    await sameAsDetails(body.data);
    if (t.database.engine === 'postgres')
      expect(await headOf()).toMatchObject({
        head: expect.stringContaining('"Chhota Spa"'),
        long_head: null,
      });
  });
});
