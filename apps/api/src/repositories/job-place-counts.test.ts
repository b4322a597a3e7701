import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa, newJob } from '../../test/factories.ts';
import { searchPlanning } from './job-repository.ts';

const DAY = 86_400_000;

/**
 * The open jobs of each state, city and category (migration 0040, decision 73): kept in step with every
 * write to the jobs, read by listings while a row holds, counted in the index once it has passed its
 * time, and counted again by the recount.
 */
describe('open jobs by state, city and category', () => {
  let t: TestApp;
  let spa: number;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    spa = await insertSpa(t.database);
  });
  afterAll(() => t.close());

  /** The city's rows (PostgreSQL's bigints are read as numbers). */
  const rows = (city: string) =>
    t.database.db
      .selectFrom('job_place_counts')
      .selectAll()
      .where('city', '=', city)
      .orderBy('state')
      .orderBy('category')
      .execute();
  /** Each place's open jobs in a city now, counted in the jobs. */
  const counted = async (city: string, now = Date.now()) => {
    const r = await sql<{ state: string; category: string; n: number }>`select state, category, count(*) as n
      from jobs where city = ${city} and is_active = 1 and (expires_at is null or expires_at > ${now})
      group by state, category order by state, category`.execute(t.database.db);
    return r.rows.map((x) => ({ state: x.state, category: x.category, n: Number(x.n) }));
  };
  /** Every row of the city that holds now is its place's open jobs; a place with open jobs has a row. */
  const expectHolding = async (city: string) => {
    const now = Date.now();
    const open = await counted(city, now);
    const carried = await rows(city);
    for (const o of open) {
      const row = carried.find((r) => r.state === o.state && r.category === o.category);
      expect(row, `${o.state} ${o.category}`).toBeDefined();
      const holds =
        row!.open_jobs_from <= now && (row!.open_jobs_until === null || row!.open_jobs_until > now);
      if (holds) expect(row!.open_jobs, `${o.state} ${o.category}`).toBe(o.n);
    }
    for (const r of carried) {
      const holds = r.open_jobs_from <= now && (r.open_jobs_until === null || r.open_jobs_until > now);
      if (holds && !open.some((o) => o.state === r.state && o.category === r.category))
        expect(r.open_jobs, `${r.state} ${r.category}`).toBe(0);
    }
  };
  /** A listing's total read from the rows, and counted in the index. */
  const listed = async (f: { city?: string; state?: string; category?: string }) => {
    const before = searchPlanning.fromPlaceCounts;
    const fromRows = await t.app.ctx.jobs.search(f, 1, 5);
    const read = searchPlanning.fromPlaceCounts > before;
    searchPlanning.placeCounts = false;
    try {
      const indexed = await t.app.ctx.jobs.search(f, 1, 5);
      expect(fromRows.data.map((j) => j._id)).toEqual(indexed.data.map((j) => j._id));
      return { read, fromRows: fromRows.total, counted: indexed.total };
    } finally {
      searchPlanning.placeCounts = true;
    }
  };

  it('follows inserts, a batch insert, pauses, moves, edits and deletes of jobs', async () => {
    const city = 'Place Count City';
    const now = Date.now();
    const at = { city, state: 'Goa' };
    const j1 = await insertJob(t.database, spa, { ...at });
    const j2 = await insertJob(t.database, spa, { ...at, expires_at: now + 30 * DAY });
    await insertJob(t.database, spa, { ...at, is_active: 0 });
    const j4 = await insertJob(t.database, spa, { ...at, category: 'Manager', expires_at: now + 10 * DAY });
    // A new place's row counts from time 0, lowered to its jobs' first expiry.
    expect(await rows(city)).toEqual([
      { ...at, category: 'Manager', open_jobs: 1, open_jobs_from: 0, open_jobs_until: now + 10 * DAY },
      { ...at, category: 'Therapist', open_jobs: 2, open_jobs_from: 0, open_jobs_until: now + 30 * DAY },
    ]);
    await expectHolding(city);

    // Several jobs of three places in one statement, one of them inactive.
    await t.database.db
      .insertInto('jobs')
      .values([
        newJob(spa, { ...at, is_active: 1, expires_at: now + 5 * DAY }),
        newJob(spa, { ...at, category: 'Manager', is_active: 1, expires_at: null }),
        newJob(spa, { ...at, category: 'Receptionist', is_active: 1, expires_at: null }),
        newJob(spa, { ...at, category: 'Beautician', is_active: 0, expires_at: null }),
      ])
      .execute();
    expect((await rows(city)).map((r) => [r.category, r.open_jobs, r.open_jobs_until])).toEqual([
      ['Manager', 2, now + 10 * DAY],
      ['Receptionist', 1, null],
      ['Therapist', 3, now + 5 * DAY],
    ]);
    await expectHolding(city);

    // Paused, reopened with an expiry, moved to another category and state, edited, deleted.
    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', j1).execute();
    await expectHolding(city);
    await t.database.db
      .updateTable('jobs')
      .set({ is_active: 1, expires_at: now + 2 * DAY })
      .where('id', '=', j1)
      .execute();
    expect((await rows(city)).find((r) => r.category === 'Therapist')!.open_jobs_until).toBe(now + 2 * DAY);
    await t.database.db
      .updateTable('jobs')
      .set({ category: 'Manager' })
      .where('id', 'in', [j1, j2])
      .execute();
    await t.database.db.updateTable('jobs').set({ state: 'Kerala' }).where('id', '=', j4).execute();
    await expectHolding(city);
    await t.database.db
      .updateTable('jobs')
      .set({ title: 'Senior Therapist' })
      .where('city', '=', city)
      .execute();
    await t.database.db.deleteFrom('jobs').where('id', '=', j2).execute();
    await expectHolding(city);
    expect((await rows(city)).map((r) => [r.state, r.category, r.open_jobs])).toEqual([
      ['Goa', 'Manager', 2],
      ['Goa', 'Receptionist', 1],
      ['Goa', 'Therapist', 1],
      ['Kerala', 'Manager', 1],
    ]);

    // The listings by each set of filters read the rows and give the index's counts and pages.
    for (const f of [{ city }, { city, state: 'Goa' }, { city, category: 'Manager' }, { state: 'Kerala' }]) {
      const l = await listed(f);
      expect(l.read, JSON.stringify(f)).toBe(true);
      expect(l.fromRows, JSON.stringify(f)).toBe(l.counted);
    }
    expect(await listed({ city })).toMatchObject({ read: true, fromRows: 5, counted: 5 });
    expect(await listed({ city, category: 'Manager' })).toMatchObject({ fromRows: 3, counted: 3 });

    // A spa removed takes its jobs with it (a cascade), and their counts.
    const other = await insertSpa(t.database);
    await insertJob(t.database, other, { ...at, category: 'Receptionist' });
    await insertJob(t.database, other, { ...at, category: 'Receptionist' });
    expect((await rows(city)).find((r) => r.category === 'Receptionist')!.open_jobs).toBe(3);
    await t.database.db.deleteFrom('spas').where('id', '=', other).execute();
    expect((await rows(city)).find((r) => r.category === 'Receptionist')!.open_jobs).toBe(1);
    await expectHolding(city);
  });

  it('is read while it holds, counted in the index once a job it counts has expired, and counted again', async () => {
    const city = 'Expiry Count City';
    const now = Date.now();
    const at = { city, state: 'Assam', category: 'Therapist' };
    await insertJob(t.database, spa, at);
    await insertJob(t.database, spa, { ...at, expires_at: now + DAY });
    // A job listed already expired: the row counts it (it expires after the row's time), so the row no
    // longer holds and the listing counts the place's jobs in the index instead.
    await insertJob(t.database, spa, { ...at, expires_at: now - 1000 });
    expect(await rows(city)).toMatchObject([{ open_jobs: 3, open_jobs_until: now - 1000 }]);
    expect(await listed({ city })).toEqual({ read: true, fromRows: 2, counted: 2 });
    // The summaries count it in the index too.
    const summary = await t.app.ctx.jobs.summary();
    expect(summary.byCity.find((c) => c.city === city)?.totalJobs).toBe(2);

    // Counted again: the row holds from then until the next expiry, and is what a listing reads.
    expect(await t.app.ctx.jobs.recountPlaces(now + 1)).toBeGreaterThanOrEqual(1);
    expect(await rows(city)).toEqual([
      { ...at, open_jobs: 2, open_jobs_from: now + 1, open_jobs_until: now + DAY },
    ]);
    await t.database.db
      .updateTable('job_place_counts')
      .set({ open_jobs: 7 })
      .where('city', '=', city)
      .execute();
    expect(await listed({ city })).toEqual({ read: true, fromRows: 7, counted: 2 });
    expect((await t.app.ctx.jobs.summary()).byCity.find((c) => c.city === city)?.totalJobs).toBe(7);
    await t.database.db
      .updateTable('job_place_counts')
      .set({ open_jobs: 2 })
      .where('city', '=', city)
      .execute();
    // Nothing is due any more.
    expect(await t.app.ctx.jobs.recountPlaces(now + 1)).toBe(0);

    // A day later its second job has expired: due again, and counted without it.
    expect(await t.app.ctx.jobs.recountPlaces(now + DAY)).toBeGreaterThanOrEqual(1);
    expect(await rows(city)).toEqual([
      { ...at, open_jobs: 1, open_jobs_from: now + DAY, open_jobs_until: null },
    ]);
    // Read at a time before the row's own, the listing counts the place's jobs in the index.
    expect(await listed({ city })).toEqual({ read: true, fromRows: 2, counted: 2 });
  });

  it('answers a listing past the cap, and one with other filters, as before', async () => {
    const city = 'Capped Count City';
    const now = Date.now();
    await t.database.db
      .insertInto('jobs')
      .values(
        Array.from({ length: 30 }, (_, i) =>
          newJob(spa, {
            city,
            state: 'Bihar',
            posted_at: now - i * 1000,
            salary_min: i < 10 ? 50_000 : 10_000,
          }),
        ),
      )
      .execute();
    // The row says more than the cap: the listing says 10,000+ and still shows the newest jobs.
    await t.database.db
      .updateTable('job_place_counts')
      .set({ open_jobs: 10_500 })
      .where('city', '=', city)
      .execute();
    const capped = await t.app.ctx.jobs.search({ city }, 2, 5);
    expect(capped).toMatchObject({ total: 10_000, totalCapped: true });
    expect(capped.data).toHaveLength(5);
    // Pay or a date is not in the rows: such a listing is counted in the index.
    const before = searchPlanning.fromPlaceCounts;
    expect(await t.app.ctx.jobs.search({ city, salaryMin: 40_000 }, 1, 5)).toMatchObject({
      total: 10,
      totalCapped: false,
    });
    expect(searchPlanning.fromPlaceCounts).toBe(before);
    // Past the last page of the rows' count, nothing is read.
    await t.database.db
      .updateTable('job_place_counts')
      .set({ open_jobs: 30 })
      .where('city', '=', city)
      .execute();
    expect(await t.app.ctx.jobs.search({ city }, 7, 5)).toMatchObject({ total: 30, data: [] });
    expect((await t.app.ctx.jobs.search({ city }, 6, 5)).data).toHaveLength(5);
  });
});
