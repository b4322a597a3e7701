import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, schemaClient, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
const clients: pg.Client[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  for (let i = 0; i < 2; i++) clients.push(await schemaClient(t.database));
});

afterAll(async () => {
  for (const c of clients) await c.end();
  await t?.close();
});

const insert = (c: pg.Client, name: string) =>
  c.query(
    `insert into spas (name, category, city, state, full_address, latitude, longitude, gallery_images, rating,
      reviews_count, created_at) values ($1, 'Day Spa', 'Pune', 'Maharashtra', 'x', 18.5, 73.8, '[]', 4, 1, 0)`,
    [name],
  );
const pause = () => new Promise((r) => setTimeout(r, 300));

it('two transactions that each write spas one at a time both commit, and the counts hold both', async () => {
  const [a, b] = clients as [pg.Client, pg.Client];
  await a.query('begin');
  // Names with no letter in common, then each transaction goes on to the other's: had each locked its
  // parts' rows as it went, each would wait for the other (a deadlock, and one of them rolled back).
  await insert(a, 'Kiq');
  await b.query('begin');
  const second = insert(b, 'Zuw').then(async () => {
    await pause();
    await insert(b, 'Kiq Zuw');
    await b.query('commit');
  });
  await pause();
  await insert(a, 'Zuw Kiq');
  await a.query('commit');
  await second;
  const { rows } = await a.query<{ part: string; spas: number }>(
    `select part, spas from spa_name_parts where part in ('kiq', 'zuw', 'kiq zuw', 'q z') order by part`,
  );
  expect(rows).toEqual([
    { part: 'kiq', spas: 3 },
    { part: 'kiq zuw', spas: 1 },
    { part: 'q z', spas: 1 },
    { part: 'zuw', spas: 3 },
  ]);
});
