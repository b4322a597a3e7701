import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDb, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/demo/seed.ts';

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A fixed "now" for generated data, so posted dates and counts are the same on every run. */
export const SEED_NOW = Date.now();

export interface TestApp {
  app: FastifyInstance;
  database: Db;
  config: Config;
  engine: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Fill with generated spas and jobs (small by default). */
  seed?: { spas: number; jobs: number } | false;
  env?: Record<string, string>;
  /** Time budget of one database query (default: the product's). */
  queryBudgetMs?: number;
  /** Extra routes a test needs, added before the app is ready. */
  routes?: (app: FastifyInstance) => void;
}

/**
 * A connection of its own to a test app's PostgreSQL schema: a second writer beside the app's pool, whose
 * transactions a test holds open.
 */
export async function schemaClient(database: Db): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: TEST_PG_URL,
    options: `-c search_path=${database.options.pgSchema}`,
  });
  await client.connect();
  return client;
}

/** Drops a test's PostgreSQL schema and everything in it, if it is there. */
export async function dropTestSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * The planner's statistics of the jobs gathered again (ANALYZE); on PostgreSQL on a connection of its own
 * without the requests' budget, which ANALYZE of a few thousand jobs can pass on a busy machine.
 */
export async function analyzeJobs(database: Db): Promise<void> {
  if (database.engine === 'sqlite') {
    await sql`analyze jobs`.execute(database.db);
    return;
  }
  const client = await schemaClient(database);
  try {
    await client.query('analyze jobs');
  } finally {
    await client.end();
  }
}

/**
 * A real app on a real, empty database of the engine the test project names
 * (TEST_DB): an in-memory SQLite database, or a PostgreSQL schema of its own
 * that is dropped afterwards. Files go to a temporary data folder.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    // Tests start digest runs themselves (ctx.alertScheduler.runOnce); the alert thread has tests of its own.
    ALERT_SCHEDULER: 'off',
    ...opts.env,
  } as NodeJS.ProcessEnv);
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const database =
    engine === 'postgres'
      ? await createDb({
          databaseUrl: TEST_PG_URL,
          pgSchema: schema,
          poolSize: 4,
          queryBudgetMs: opts.queryBudgetMs,
        })
      : // A file, as in production, so that reads go through the worker pool.
        await createDb({
          sqliteFile: path.join(dataDir, 'test.db'),
          readWorkers: 2,
          queryBudgetMs: opts.queryBudgetMs,
        });
  await migrateToLatest(database);
  if (opts.seed !== false) {
    await seedDemoData(database, { ...(opts.seed ?? { spas: 40, jobs: 200 }), seed: 7, now: SEED_NOW });
  }
  const app = await buildApp({ config, database, logger: false });
  opts.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    engine,
    async close() {
      await app.close();
      // A test may have closed the database itself to see how the app copes.
      await database.destroy().catch(() => undefined);
      if (engine === 'postgres') await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
