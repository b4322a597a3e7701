import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDb, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemoData } from '../../src/demo/seed.ts';
import { registerEmployer, spaBody } from '../fixtures/employers.ts';
import { TEST_PG_URL } from '../helpers.ts';

/**
 * DATABASE_READ_URL: public reads go to the replica's pool, writes and the
 * reads around them to the primary. The "replica" here is the same server
 * under another application name, so the test can see which pool a query
 * used; its connections are read-only, so a write sent there would fail.
 */
const id = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const schema = `replica_${id}`;
const replicaName = `spajobs_replica_${id}`;
let database: Db;
let app: FastifyInstance;
let dataDir: string;

const replicaConnections = async () => {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where application_name = $1',
      [replicaName],
    );
    return r.rows[0]!.n;
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-replica-'));
  database = await createDb({
    databaseUrl: TEST_PG_URL,
    readDatabaseUrl: `${TEST_PG_URL}?application_name=${replicaName}`,
    pgSchema: schema,
    poolSize: 3,
  });
  await migrateToLatest(database);
  await seedDemoData(database, { spas: 5, jobs: 30, seed: 3, now: Date.now() });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    RESPONSE_CACHE: 'off',
    DIGEST_SWEEP_MS: '0',
  } as NodeJS.ProcessEnv);
  app = await buildApp({ config, database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a read replica', () => {
  it('answers public listings and pages, and takes no writes', async () => {
    expect(await replicaConnections()).toBe(0);
    const list = await app.inject('/api/v1/spajobs?page=1&limit=9');
    expect(list.statusCode).toBe(200);
    const jobId = list.json<{ data: { _id: string }[] }>().data[0]!._id;
    for (const url of [`/api/v1/spajobs/${jobId}`, '/api/v1/spas/search?page=1&limit=12', '/api/v1/stats']) {
      expect((await app.inject(url)).statusCode, url).toBe(200);
    }
    expect(await replicaConnections()).toBeGreaterThan(0);
    await expect(
      database.read.updateTable('jobs').set({ views: 0 }).where('id', '=', Number(jobId)).execute(),
    ).rejects.toThrow(/read-only/);
  });

  it('sends writes, and the reads that must see them, to the primary', async () => {
    const employer = await registerEmployer(app);
    const spa = await app.inject({
      method: 'POST',
      url: '/api/v1/employer/spas',
      headers: employer.headers,
      payload: spaBody({ name: `Replica Test Spa ${id}` }),
    });
    expect(spa.statusCode, spa.body).toBe(201);
    const mine = await app.inject({ url: '/api/v1/employer/spas', headers: employer.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(`Replica Test Spa ${id}`);
    // A job page read counts a view; the count is written to the primary.
    const job = await database.db.selectFrom('jobs').select(['id', 'views']).executeTakeFirstOrThrow();
    expect((await app.inject(`/api/v1/spajobs/${job.id}`)).statusCode).toBe(200);
    await app.ctx.jobs.flushViews();
    const after = await database.db
      .selectFrom('jobs')
      .select('views')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.views)).toBe(Number(job.views) + 1);
  });
});
