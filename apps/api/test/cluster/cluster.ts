import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createDb, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemoData } from '../../src/demo/seed.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { PASSWORD } from '../fixtures/accounts.ts';
import { TEST_PG_URL } from '../helpers.ts';
import { startServer, type ServerProcess } from '../server-process.ts';

/** The machine's Redis, shared by test runs: each run keeps to a key prefix of its own. */
export const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The public address every instance answers for, as behind one reverse proxy. */
export const PUBLIC_BASE_URL = 'http://localhost:3000';

export interface Installation {
  /** What every instance is started with: one database schema, one data folder, one Redis prefix. */
  env: Record<string, string>;
  /** A connection of the test's own, to arrange and look. */
  database: Db;
  dataDir: string;
  /** An employer who manages the first spa, and that spa's open jobs. */
  employer: { email: string; spaId: number };
  close(): Promise<void>;
}

const unique = () => `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

/**
 * One installation for several instances: a migrated, seeded PostgreSQL
 * schema, a data folder they share (uploads, mail outbox), one JWT secret and
 * a Redis key prefix no other run uses.
 */
export async function createInstallation(redisUrl = SHARED_REDIS_URL): Promise<Installation> {
  const id = unique();
  const schema = `cluster_${id}`;
  const prefix = `spajobs-test:${id}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-cluster-'));
  const database = await createDb({ databaseUrl: TEST_PG_URL, pgSchema: schema, poolSize: 3 });
  await migrateToLatest(database);
  await seedDemoData(database, { spas: 6, jobs: 60, seed: 11, now: Date.now() });
  const spa = await database.db.selectFrom('spas').select('id').orderBy('id').executeTakeFirstOrThrow();
  const email = `owner.${id}@example.in`;
  const now = Date.now();
  const user = await database.db
    .insertInto('users')
    .values({
      email,
      phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      password_hash: await hashPassword(PASSWORD),
      firstname: 'Meera',
      lastname: 'Shah',
      role: 'employer',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('spa_members')
    .values({ spa_id: spa.id, user_id: Number(user.id), role: 'owner', created_at: now })
    .execute();
  return {
    env: {
      DATABASE_URL: TEST_PG_URL,
      DATABASE_SCHEMA: schema,
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      JWT_SECRET: `cluster-test-secret-${id}-0123456789abcdef`,
      PUBLIC_BASE_URL,
      RATE_LIMITS: 'on',
      TRUST_PROXY: 'true',
      WEB_CONCURRENCY: '1',
    },
    database,
    dataDir,
    employer: { email, spaId: Number(spa.id) },
    async close() {
      await database.destroy();
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
      await dropKeys(redisUrl, prefix).catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts `count` API processes of the installation, each on its own port. */
export async function startInstances(
  inst: Installation,
  count: number,
  env: Record<string, string> = {},
): Promise<ServerProcess[]> {
  return Promise.all(Array.from({ length: count }, () => startServer({ ...inst.env, ...env }, 120_000)));
}

/** Removes every key of a test run from Redis. */
export async function dropKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A request from a client address of the test's choosing (the instances trust the proxy's header). */
export function call(
  server: ServerProcess,
  url: string,
  opts: { method?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${server.baseUrl}${url}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
}

export async function signIn(server: ServerProcess, email: string, ip?: string): Promise<string> {
  const res = await call(server, '/api/v1/employer/login', {
    body: { login: email, password: PASSWORD },
    ...(ip ? { ip } : {}),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds; answers how long it took, or throws after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 25,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** A Redis server of the test's own, on a free port of 6390–6399, that the test may stop and start. */
export class OwnRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async create(): Promise<OwnRedis> {
    for (let port = 6390; port <= 6399; port++) {
      if (await portIsFree(port)) return new OwnRedis(port);
    }
    throw new Error('no free port for a Redis of the test');
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitFor(() => portIsFree(this.port).then((free) => !free), 10_000, 50);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}
