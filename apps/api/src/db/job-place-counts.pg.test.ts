import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, schemaClient, type TestApp } from '../../test/helpers.ts';

/**
 * Open jobs by state, city and category (migration 0040, decision 73) on PostgreSQL, with writers at the
 * same time: the triggers add the rows of new places first, lock every row they change in key order,
 * and read the jobs after the locks; the recount locks its rows the same way.
 */
const DAY = 86_400_000;
const CATEGORIES = ['Manager', 'Receptionist', 'Therapist'];
let t: TestApp;
let spa: number;
const clients: pg.Client[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  for (let i = 0; i < 6; i++) clients.push(await schemaClient(t.database));
  const { rows } = await clients[0]!.query<{ id: number }>(
    `insert into spas (name, category, city, state, full_address, latitude, longitude, gallery_images, rating,
      reviews_count, created_at) values ('Place Spa', 'Day Spa', 'Pune', 'Maharashtra', 'x', 18.5, 73.8, '[]', 4, 1, 0)
      returning id`,
  );
  spa = rows[0]!.id;
});

afterAll(async () => {
  for (const c of clients) await c.end();
  await t?.close();
});

/** Inserts jobs (one statement) in Pune, one per category given, each with the expiry given. */
const insertJobs = (c: pg.Client, rows: [category: string, expires: number | null][]) =>
  c.query(
    `insert into jobs (spa_id, title, salary, experience, category, city, state, location, description,
      requirements, posted_at, created_at, expires_at)
    select $1, 'Therapist', '₹20,000', '1 year', k, 'Pune', 'Maharashtra', 'Pune', 'x', 'x', 1, 1, e
    from unnest($2::text[], $3::bigint[]) as t(k, e)`,
    [spa, rows.map((r) => r[0]), rows.map((r) => r[1])],
  );

/** Each Pune category's row where it holds now, and its open jobs counted now. */
const carriedAndCounted = async () => {
  const now = Date.now();
  const { rows } = await clients[0]!.query<{ category: string; carried: number | null; counted: number }>(
    `select c.category, case when c.open_jobs_from <= $1 and (c.open_jobs_until is null or c.open_jobs_until > $1)
        then c.open_jobs end as carried,
      (select count(*)::int from jobs j where (j.state, j.city, j.category) = (c.state, c.city, c.category)
        and j.is_active = 1 and (j.expires_at is null or j.expires_at > $1)) as counted
    from job_place_counts c where c.city = 'Pune' order by c.category`,
    [now],
  );
  return rows;
};

it('a recount and a statement of jobs at the same time miss neither change', async () => {
  const [a, r] = clients as [pg.Client, pg.Client];
  await insertJobs(a, [['Therapist', null]]);
  // The row is due: one of its jobs expired a moment ago.
  await insertJobs(a, [['Therapist', Date.now() - 1000]]);
  // The recount holds the row first; a job inserted meanwhile (expired before the recount's time) waits
  // for it, then is weighed against the recount's time: not counted.
  await r.query('begin');
  await r.query(
    `select 1 from job_place_counts where city = 'Pune' and category = 'Therapist' for no key update`,
  );
  await a.query('begin');
  const waiting = insertJobs(a, [['Therapist', Date.now() - 100]]).then(() => a.query('commit'));
  await new Promise((res) => setTimeout(res, 200));
  const now = Date.now();
  await r.query(
    `update job_place_counts c set (open_jobs, open_jobs_from, open_jobs_until) = (select count(*), $1::bigint,
      min(j.expires_at) from jobs j where (j.state, j.city, j.category) = (c.state, c.city, c.category)
        and j.is_active = 1 and (j.expires_at is null or j.expires_at > $1))
    where city = 'Pune' and category = 'Therapist'`,
    [now],
  );
  await r.query('commit');
  await waiting;
  expect(await carriedAndCounted()).toEqual([{ category: 'Therapist', carried: 1, counted: 1 }]);

  // A row held by a write of its jobs when the recount comes: skipped, and counted at the next run.
  await a.query(`update job_place_counts set open_jobs_until = 1 where city = 'Pune'`);
  await a.query('begin');
  await insertJobs(a, [['Therapist', null]]);
  expect(await t.app.ctx.jobs.recountPlaces()).toBe(0);
  await a.query('commit');
  expect(await t.app.ctx.jobs.recountPlaces()).toBe(1);
  expect(await carriedAndCounted()).toEqual([{ category: 'Therapist', carried: 2, counted: 2 }]);
});

it('statements of jobs over the same places, new ones among them, in any order, all commit and all count', async () => {
  const later = Date.now() + DAY;
  const work = clients.map(async (c, i) => {
    for (let k = 0; k < 8; k++) {
      const order = i % 2 ? [...CATEGORIES].reverse() : CATEGORIES;
      await c.query('begin');
      // A category no job had before, added by several writers at once.
      await insertJobs(c, [
        ...order.map((cat, n): [string, number | null] => [cat, n === k % 3 ? later + k : null]),
        [`New ${k}`, null],
      ]);
      await c.query(
        `update jobs set is_active = 1 - is_active where id in (select id from jobs where category = any($1) order by
          ${i % 2 ? 'id desc' : 'id'} limit 2)`,
        [order],
      );
      // A job moved from one category to another, one way or the other.
      await c.query(
        `update jobs set category = $2 where id = (select max(id) from jobs where category = $1 and is_active = 1)`,
        [order[0], order[2]],
      );
      if (k % 3 === 2)
        await c.query(`delete from jobs where id = (select max(id) from jobs where category = $1)`, [
          order[0],
        ]);
      await c.query('commit');
    }
  });
  await Promise.all(work);
  const rows = await carriedAndCounted();
  expect(rows).toHaveLength(CATEGORIES.length + 8);
  for (const row of rows) expect(row.carried, row.category).toBe(row.counted);
});
