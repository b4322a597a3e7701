import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { createDb } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemoData } from '../../src/demo/seed.ts';
import { TEST_PG_URL } from '../helpers.ts';
import { startServer, type ServerProcess } from '../server-process.ts';

/**
 * The real server, in its own process, on PostgreSQL, while the database
 * misbehaves as it does in production: connections ended by the server
 * (restart, failover, idle_session_timeout), a table held by a lock, and a
 * server that stops answering altogether.
 */
const schema = `t_fault_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const appName = `spajobs-fault-${process.pid}`;
let server: ServerProcess;
let admin: pg.Client;
let page = 0;
/**
 * A listing URL not asked for before, so that no cached answer hides the database, whose first page is read
 * from the jobs (a page past a listing's count, known from its places' rows, reads none: decision 73).
 */
const freshListing = () => `/api/v1/jobs?page=1&limit=5&salaryMin=${++page}`;
/** Spas near a place: read on a pool of their own (fixed plans, db/database.ts). */
const freshNearby = () => `/api/v1/spas/nearspa?lat=19.0&lng=72.8&radius=${50 + ++page}`;

async function get(url: string) {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${url}`);
  const body = (await res.json()) as Record<string, unknown>;
  return {
    status: res.status,
    body,
    ms: performance.now() - started,
    retryAfter: res.headers.get('retry-after'),
  };
}

const appBackends = async (state?: string) =>
  (
    await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name = $1 ${state ? 'and state = $2' : ''}`,
      state ? [appName, state] : [appName],
    )
  ).rows.map((r) => r.pid);

beforeAll(async () => {
  const database = await createDb({ databaseUrl: TEST_PG_URL, pgSchema: schema, poolSize: 2 });
  await migrateToLatest(database);
  await seedDemoData(database, { spas: 20, jobs: 120, seed: 3 });
  await database.destroy();
  server = await startServer({ DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: schema, PGAPPNAME: appName });
  admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await admin?.query(`drop schema if exists ${schema} cascade`);
  await admin?.end();
});

describe('PostgreSQL faults', () => {
  it('lives through the server ending its idle connections, and serves again on new ones', async () => {
    // Several requests at once, so that the pool holds several connections.
    const warm = await Promise.all(
      Array.from({ length: 6 }, (_, i) => get(i % 2 ? freshNearby() : freshListing())),
    );
    expect(warm.map((r) => r.status)).toEqual(Array(6).fill(200));
    const idle = await appBackends('idle');
    expect(idle.length).toBeGreaterThan(0);

    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [idle]);
    await new Promise((r) => setTimeout(r, 300));

    expect(server.alive()).toBe(true);
    expect((await get('/healthz')).status).toBe(200);
    const after = await Promise.all(
      Array.from({ length: 6 }, (_, i) => get(i % 2 ? freshNearby() : freshListing())),
    );
    for (const r of after) expect(r.status).toBe(200);
    expect(server.alive()).toBe(true);
    const fresh = await appBackends();
    expect(fresh.some((pid) => idle.includes(pid))).toBe(false);
  });

  it('answers 503 within 5 s while a lock holds the jobs table, says so on /readyz within 2 s, and 200 once it is released', async () => {
    const locker = new pg.Client({ connectionString: TEST_PG_URL });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query(`lock table ${schema}.jobs in access exclusive mode`);

      // More requests than the pool has connections: those waiting for one give up in time too.
      const stalled = Promise.all(Array.from({ length: 14 }, () => get(freshListing())));
      await new Promise((r) => setTimeout(r, 200));
      const health = await get('/healthz');
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(500);
      const ready = await get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(2000);
      expect(String(ready.body.problem)).toMatch(/database/);

      for (const r of await stalled) {
        expect(r.status).toBe(503);
        expect(r.body).toEqual({
          success: false,
          error: m.serviceUnavailable,
          message: m.serviceUnavailable,
          code: 'serviceUnavailable',
        });
        expect(r.retryAfter).toBe('5');
        expect(r.ms).toBeLessThan(5000);
      }
      expect(server.alive()).toBe(true);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await get(freshListing())).status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
  });

  it('answers 503 when its connections are ended mid-query, and 200 afterwards', async () => {
    const locker = new pg.Client({ connectionString: TEST_PG_URL });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query(`lock table ${schema}.jobs in access exclusive mode`);
      const waiting = Promise.all(Array.from({ length: 3 }, () => get(freshListing())));
      await new Promise((r) => setTimeout(r, 400));
      const active = await appBackends('active');
      expect(active.length).toBeGreaterThan(0);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [active]);
      for (const r of await waiting) {
        expect(r.status).toBe(503);
        expect(r.body.message).toBe(m.serviceUnavailable);
      }
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect(server.alive()).toBe(true);
    expect((await get(freshListing())).status).toBe(200);
  });

  it('answers 503 when the database stops answering in the middle of a query, and 200 once it answers again', async () => {
    expect((await get(freshListing())).status).toBe(200);
    // Every connection the server holds is frozen: its statement can no longer be ended by the
    // database's own limit, only by the server's backstop, which then drops that connection.
    const frozen = await appBackends();
    expect(frozen.length).toBeGreaterThan(0);
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      const stalled = get(freshListing());
      await new Promise((r) => setTimeout(r, 300));
      const health = await get('/healthz');
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(500);
      const r = await stalled;
      expect(r.status).toBe(503);
      expect(r.body.message).toBe(m.serviceUnavailable);
      expect(r.ms).toBeLessThan(7000);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    expect(server.alive()).toBe(true);
    const after = await Promise.all(Array.from({ length: 3 }, () => get(freshListing())));
    expect(after.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});
