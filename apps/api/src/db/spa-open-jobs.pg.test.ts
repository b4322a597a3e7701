import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, schemaClient, type TestApp } from '../../test/helpers.ts';

/**
 * Spas' open-job counts (migration 0039, decision 67) on PostgreSQL, with writers at the same time: the
 * triggers and the recount lock the spas they change in order of id, and read the jobs after the locks.
 */
const DAY = 86_400_000;
let t: TestApp;
const clients: pg.Client[] = [];
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  for (let i = 0; i < 6; i++) clients.push(await schemaClient(t.database));
  for (let i = 0; i < 3; i++) {
    const { rows } = await clients[0]!.query<{ id: number }>(
      `insert into spas (name, category, city, state, full_address, latitude, longitude, gallery_images, rating,
        reviews_count, created_at) values ($1, 'Day Spa', 'Pune', 'Maharashtra', 'x', 18.5, 73.8, '[]', 4, 1, 0)
        returning id`,
      [`Open Spa ${i}`],
    );
    ids.push(rows[0]!.id);
  }
});

afterAll(async () => {
  for (const c of clients) await c.end();
  await t?.close();
});

/** Inserts jobs (one statement), one per spa given, each with the expiry given. */
const insertJobs = (c: pg.Client, rows: [spa: number, expires: number | null][]) =>
  c.query(
    `insert into jobs (spa_id, title, salary, experience, category, city, state, location, description,
      requirements, posted_at, created_at, expires_at)
    select s, 'Therapist', '₹20,000', '1 year', 'Therapist', 'Pune', 'Maharashtra', 'Pune', 'x', 'x', 1, 1, e
    from unnest($1::int[], $2::bigint[]) as t(s, e)`,
    [rows.map((r) => r[0]), rows.map((r) => r[1])],
  );

/** Each spa's carried count where it holds now, and its open jobs counted now. */
const carriedAndCounted = async () => {
  const now = Date.now();
  const { rows } = await clients[0]!.query<{ id: number; carried: number | null; counted: number }>(
    `select s.id, case when s.open_jobs_from <= $1 and (s.open_jobs_until is null or s.open_jobs_until > $1)
        then s.open_jobs end as carried,
      (select count(*)::int from jobs j where j.spa_id = s.id and j.is_active = 1
        and (j.expires_at is null or j.expires_at > $1)) as counted
    from spas s order by s.id`,
    [now],
  );
  return rows;
};

it('a recount and a statement of jobs at the same time miss neither change', async () => {
  const [a, r] = clients as [pg.Client, pg.Client];
  const [first] = ids as [number];
  await insertJobs(a, [[first, null]]);
  // The spa's count is due: one of its jobs expired a moment ago.
  await insertJobs(a, [[first, Date.now() - 1000]]);
  // The recount holds the spa first; a job inserted meanwhile (expired before the recount's time) waits
  // for it, then is weighed against the recount's time: not counted.
  await r.query('begin');
  await r.query(`select id from spas where id = $1 for no key update`, [first]);
  await a.query('begin');
  const waiting = insertJobs(a, [[first, Date.now() - 100]]).then(() => a.query('commit'));
  await new Promise((res) => setTimeout(res, 200));
  const now = Date.now();
  await r.query(
    `update spas set (open_jobs, open_jobs_from, open_jobs_until) = (select count(*), $2::bigint, min(j.expires_at)
      from jobs j where j.spa_id = spas.id and j.is_active = 1 and (j.expires_at is null or j.expires_at > $2))
    where id = $1`,
    [first, now],
  );
  await r.query('commit');
  await waiting;
  const [row] = await carriedAndCounted();
  expect(row).toEqual({ id: first, carried: 1, counted: 1 });

  // A spa held by a write of its jobs when the recount comes: skipped, and counted at the next run.
  await a.query(`update spas set open_jobs_until = 1 where id = $1`, [first]);
  await a.query('begin');
  await insertJobs(a, [[first, null]]);
  expect(await t.app.ctx.spas.recountOpenJobs()).toBe(0);
  await a.query('commit');
  expect(await t.app.ctx.spas.recountOpenJobs()).toBe(1);
  expect((await carriedAndCounted())[0]).toEqual({ id: first, carried: 2, counted: 2 });
});

it('statements of jobs over the same spas, in any order, at the same time, all commit and all count', async () => {
  const later = Date.now() + DAY;
  const work = clients.map(async (c, i) => {
    for (let k = 0; k < 8; k++) {
      const order = i % 2 ? [...ids].reverse() : ids;
      await c.query('begin');
      await insertJobs(
        c,
        order.map((s, n) => [s, n === k % 3 ? later + k : null]),
      );
      await c.query(
        `update jobs set is_active = 1 - is_active where id in (select id from jobs where spa_id = any($1) order by
          ${i % 2 ? 'id desc' : 'id'} limit 2)`,
        [order],
      );
      if (k % 3 === 2)
        await c.query(`delete from jobs where id = (select max(id) from jobs where spa_id = $1)`, [order[0]]);
      await c.query('commit');
    }
  });
  await Promise.all(work);
  const rows = await carriedAndCounted();
  expect(rows).toHaveLength(3);
  for (const row of rows) expect(row.carried).toBe(row.counted);
});
