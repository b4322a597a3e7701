import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertSpa } from '../../test/factories.ts';
import { SPA_NAME_PART_CHARS, spaNameParts } from '../db/sqlite/spa-name-parts.mjs';
import { spaPlanning } from './spa-repository.ts';

/**
 * The counts of the spas that hold each short part of a name (migration 0037, decision 66): kept in step
 * with every insert (one spa or many in one statement), rename and delete, and a short part searched
 * alone answers the same total and page as the name indexes do.
 */
describe('spa name part counts', () => {
  let t: TestApp;
  const base = {
    category: 'Spa & Massage',
    city: 'New Delhi',
    state: 'Delhi',
    full_address: '1 Test Road, New Delhi',
    latitude: 28.6,
    longitude: 77.2,
    gallery_images: '[]',
    rating: 4,
    reviews_count: 1,
    created_at: Date.now(),
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  /** The table as it is, and as counting every spa's name again gives it. */
  const tableAndRecount = async () => {
    const rows = await sql<{ part: string; spas: number }>`select part, spas from spa_name_parts`.execute(
      t.database.db,
    );
    const table = Object.fromEntries(rows.rows.map((r) => [r.part, Number(r.spas)]));
    // The text the search compares: PostgreSQL's lower-cased name, SQLite's name (its parts ASCII-lowered).
    const names = await sql<{ text: string }>`select ${sql.raw(
      t.database.engine === 'postgres' ? 'name_search' : 'name',
    )} as text from spas`.execute(t.database.db);
    const recount: Record<string, number> = {};
    for (const { text } of names.rows) for (const p of spaNameParts(text)) recount[p] = (recount[p] ?? 0) + 1;
    return { table, recount };
  };

  it('follows inserts, a batch insert, renames and deletes', async () => {
    const lotus = await insertSpa(t.database, { name: 'Lotus Spa Spa' });
    await insertSpa(t.database, { name: 'Blue LOTUS Retreat' });
    await t.database.db
      .insertInto('spas')
      .values(
        ['Éclat Day Spa', 'केरल आयुर्वेद', 'Relax 100% Pure_Spa', 'Lotus'].map((name) => ({ ...base, name })),
      )
      .execute();
    let { table, recount } = await tableAndRecount();
    expect(table).toEqual(recount);
    // A part a name repeats counts its spa once.
    expect(table.spa).toBe(3);
    expect(table.lotus).toBe(3);
    expect(table['s spa s']).toBe(1);
    expect(Object.keys(table).every((p) => Array.from(p).length <= SPA_NAME_PART_CHARS)).toBe(true);

    await t.database.db.updateTable('spas').set({ name: 'Lily Pond Spa' }).where('id', '=', lotus).execute();
    // Other columns changed leave the counts alone.
    await t.database.db.updateTable('spas').set({ rating: 3.5 }).where('id', '=', lotus).execute();
    ({ table, recount } = await tableAndRecount());
    expect(table).toEqual(recount);
    expect(table.lotus).toBe(2);
    expect(table.lily).toBe(1);

    await t.database.db.deleteFrom('spas').where('name', 'in', ['Lotus', 'Lily Pond Spa']).execute();
    ({ table, recount } = await tableAndRecount());
    expect(table).toEqual(recount);
    // A part whose last spa has gone has no row.
    expect(table.lily).toBeUndefined();
    expect(table.lotus).toBe(1);
  });

  it('a short part alone answers as the name indexes do', async () => {
    for (const [i, name] of [
      'Orchid Day Spa',
      'ORCHID Thai Spa',
      'Spa "Zen" Retreat',
      'Éclat Wellness',
      'éclat salon',
    ].entries()) {
      await insertSpa(t.database, { name, rating: 3 + (i % 3) / 2 });
    }
    let spelling = 0;
    const search = async (name: string, page = 1) => {
      const res = await t.app.inject({
        url: '/api/v1/spas/search',
        query: { name, page: String(page), limit: '2', _: String(++spelling) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ data: { _id: string }[]; total: number; totalCapped: boolean }>();
      return { ids: body.data.map((s) => s._id), total: body.total, capped: body.totalCapped };
    };
    const parts = [
      'a',
      'S',
      'sp',
      'Spa',
      'orchid',
      'ORCHID D',
      'd s',
      '%',
      '0% p',
      '_s',
      '"z',
      'é',
      'É',
      'आयु',
      'zq',
    ];
    const answers = async () => {
      const out: Record<string, unknown> = {};
      for (const part of parts) out[part] = [await search(part), await search(part, 2)];
      return out;
    };
    const byParts = await answers();
    spaPlanning.partCounts = false;
    try {
      expect(await answers()).toEqual(byParts);
    } finally {
      spaPlanning.partCounts = true;
    }
    expect((byParts.orchid as { total: number }[])[0]!.total).toBe(2);
    expect((byParts['%'] as { total: number }[])[0]!.total).toBe(1);
    expect((byParts.zq as { total: number }[])[0]!.total).toBe(0);
  });
});
