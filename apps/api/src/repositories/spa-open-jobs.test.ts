import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa, newJob } from '../../test/factories.ts';
import { spaPlanning } from './spa-repository.ts';

const DAY = 86_400_000;

/**
 * Each spa's open jobs carried on its row (migration 0039, decision 67): kept in step with every write to
 * the jobs, read from the row only while it holds, and counted again once it has passed its time.
 */
describe("spas' open-job counts", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  interface Carried {
    id: number;
    open_jobs: number;
    open_jobs_from: number;
    open_jobs_until: number | null;
  }
  const carried = async (ids: number[]) =>
    (
      await t.database.db
        .selectFrom('spas')
        .select(['id', 'open_jobs', 'open_jobs_from', 'open_jobs_until'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((r): Carried => ({
      id: Number(r.id),
      open_jobs: Number(r.open_jobs),
      open_jobs_from: Number(r.open_jobs_from),
      open_jobs_until: r.open_jobs_until === null ? null : Number(r.open_jobs_until),
    }));
  /** The spa's open jobs now, counted in the jobs. */
  const counted = async (id: number, now = Date.now()) => {
    const r = await sql<{ n: number }>`select count(*) as n from jobs where spa_id = ${id} and is_active = 1
      and (expires_at is null or expires_at > ${now})`.execute(t.database.db);
    return Number(r.rows[0]!.n);
  };
  /** What the API shows for the spa, with the carried counts read and with every spa counted. */
  const shown = async (id: number) => {
    const fromRow = (await t.app.ctx.spas.findById(id))!.openJobs;
    spaPlanning.openJobCounts = false;
    try {
      return { fromRow, counted: (await t.app.ctx.spas.findById(id))!.openJobs };
    } finally {
      spaPlanning.openJobCounts = true;
    }
  };
  /** Every spa's carried count, where it holds now, is its open jobs. */
  const expectHolding = async (ids: number[]) => {
    const now = Date.now();
    for (const c of await carried(ids)) {
      const holds = c.open_jobs_from <= now && (c.open_jobs_until === null || c.open_jobs_until > now);
      if (holds) expect(c.open_jobs, `spa ${c.id}`).toBe(await counted(c.id, now));
      const s = await shown(c.id);
      expect(s.fromRow, `spa ${c.id}`).toBe(s.counted);
      expect(s.fromRow).toBe(await counted(c.id, now));
    }
  };

  it('follows inserts, a batch insert, edits, moves and deletes of jobs', async () => {
    const a = await insertSpa(t.database);
    const b = await insertSpa(t.database);
    const now = Date.now();
    const j1 = await insertJob(t.database, a);
    const j2 = await insertJob(t.database, a, { expires_at: now + 30 * DAY });
    await insertJob(t.database, a, { is_active: 0 });
    const j4 = await insertJob(t.database, b, { expires_at: now + 10 * DAY });
    expect(await carried([a, b])).toEqual([
      { id: a, open_jobs: 2, open_jobs_from: 0, open_jobs_until: now + 30 * DAY },
      { id: b, open_jobs: 1, open_jobs_from: 0, open_jobs_until: now + 10 * DAY },
    ]);
    await expectHolding([a, b]);

    // Several jobs of both spas in one statement.
    await t.database.db
      .insertInto('jobs')
      .values([
        newJob(a, { is_active: 1, expires_at: now + 5 * DAY }),
        newJob(b, { is_active: 1, expires_at: null }),
        newJob(b, { is_active: 0, expires_at: null }),
      ])
      .execute();
    expect((await carried([a, b])).map((c) => [c.open_jobs, c.open_jobs_until])).toEqual([
      [3, now + 5 * DAY],
      [2, now + 10 * DAY],
    ]);
    await expectHolding([a, b]);

    // Paused, reopened with an expiry, moved to the other spa, deleted; an edit of the text alone.
    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', j1).execute();
    await expectHolding([a, b]);
    await t.database.db
      .updateTable('jobs')
      .set({ is_active: 1, expires_at: now + 2 * DAY })
      .where('id', '=', j1)
      .execute();
    expect((await carried([a]))[0]!.open_jobs_until).toBe(now + 2 * DAY);
    await t.database.db.updateTable('jobs').set({ spa_id: b }).where('id', 'in', [j2, j4]).execute();
    await expectHolding([a, b]);
    await t.database.db
      .updateTable('jobs')
      .set({ title: 'Senior Therapist' })
      .where('spa_id', '=', a)
      .execute();
    await t.database.db.deleteFrom('jobs').where('id', '=', j4).execute();
    await expectHolding([a, b]);
    expect((await carried([a, b])).map((c) => c.open_jobs)).toEqual([await counted(a), await counted(b)]);
  });

  it('is read from the row while it holds, counted once a job it counts has expired, and counted again', async () => {
    const spa = await insertSpa(t.database);
    const now = Date.now();
    await insertJob(t.database, spa);
    await insertJob(t.database, spa, { expires_at: now + DAY });
    // A job listed already expired: the row counts it (it expires after the row's time), so the row no
    // longer holds and the page counts the spa's jobs instead.
    await insertJob(t.database, spa, { expires_at: now - 1000 });
    expect(await carried([spa])).toMatchObject([{ open_jobs: 3, open_jobs_until: now - 1000 }]);
    expect(await shown(spa)).toEqual({ fromRow: 2, counted: 2 });

    // Counted again: the row holds from now until the next expiry, and is what a page reads.
    const recounted = await t.app.ctx.spas.recountOpenJobs(now + 1);
    expect(recounted).toBeGreaterThanOrEqual(1);
    expect(await carried([spa])).toEqual([
      { id: spa, open_jobs: 2, open_jobs_from: now + 1, open_jobs_until: now + DAY },
    ]);
    await t.database.db.updateTable('spas').set({ open_jobs: 7 }).where('id', '=', spa).execute();
    expect(await shown(spa)).toEqual({ fromRow: 7, counted: 2 });
    await t.database.db.updateTable('spas').set({ open_jobs: 2 }).where('id', '=', spa).execute();
    // Nothing is due any more.
    expect(await t.app.ctx.spas.recountOpenJobs(now + 1)).toBe(0);

    // A day later its second job has expired: due again, and counted without it.
    expect(await t.app.ctx.spas.recountOpenJobs(now + DAY)).toBeGreaterThanOrEqual(1);
    expect(await carried([spa])).toEqual([
      { id: spa, open_jobs: 1, open_jobs_from: now + DAY, open_jobs_until: null },
    ]);
    // Read at a time before the row's own, the spa's jobs are counted.
    await expectHolding([spa]);
  });
});
