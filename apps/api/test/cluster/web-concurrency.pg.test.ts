import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../helpers.ts';
import { startServer, type ServerProcess } from '../server-process.ts';
import { call, waitFor } from './cluster.ts';

/**
 * WEB_CONCURRENCY=2 on an empty PostgreSQL schema, without Redis: the
 * start-up work (migrations, demo data) is done once, two processes serve
 * the port, and a change made through one reaches the other's cache.
 */
const id = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const schema = `webc_${id}`;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-webc-'));
  server = await startServer(
    {
      DATABASE_URL: TEST_PG_URL,
      DATABASE_SCHEMA: schema,
      DATA_DIR: dataDir,
      JWT_SECRET: `web-concurrency-test-${id}-0123456789abcdef`,
      SEED_DEMO_DATA: 'true',
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      REDIS_URL: '',
    },
    180_000,
  );
  // Both processes have said they are running.
  await waitFor(async () => (server.output().match(/is running at/g) ?? []).length === 2, 60_000, 100);
}, 240_000);
afterAll(async () => {
  await server?.stop();
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A GET on a connection of its own, so that the cluster may hand it to either process. */
function getFresh(url: string): Promise<{ status: number; body: string; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `${server.baseUrl}${url}`,
        { agent: false, timeout: 10_000, headers: { connection: 'close' } },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body,
              cache: res.headers['x-cache'] as string | undefined,
            }),
          );
        },
      )
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer to ${url}`));
      })
      .on('error', reject);
  });
}

describe('WEB_CONCURRENCY=2', () => {
  it('migrates and fills the database once, then serves from two processes', () => {
    const out = server.output();
    expect(out.match(/Filled the empty database with demo data/g)).toHaveLength(1);
    expect(out).toMatch(/starting 2 API processes/);
    expect(out).toMatch(/\(process 1\)/);
    expect(out).toMatch(/\(process 2\)/);
  });

  it('drops a closed job from both processes’ cached listings', async () => {
    const login = await call(server, '/api/v1/employer/login', {
      body: { login: 'employer1@demo.spajobs.in', password: 'demo-employer-2025' },
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const mine = (await (await call(server, '/api/v1/employer/jobs', { headers: auth })).json()) as {
      data: { _id: string; status: string; spaName: string }[];
    };
    const job = mine.data.find((j) => j.status === 'active')!;
    expect(job).toBeDefined();
    const listing = `/api/v1/spajobs?spa=${encodeURIComponent(job.spaName)}&page=1&limit=20`;
    // Warm both processes' caches: many connections, each handed to one of them.
    const warm = await Promise.all(Array.from({ length: 12 }, () => getFresh(listing)));
    expect(warm.every((r) => r.status === 200 && r.body.includes(`"${job._id}"`))).toBe(true);
    const again = await Promise.all(Array.from({ length: 12 }, () => getFresh(listing)));
    expect(again.filter((r) => r.cache === 'hit').length).toBeGreaterThan(6);

    const closed = await call(server, `/api/v1/employer/jobs/${job._id}/close`, {
      method: 'POST',
      headers: auth,
    });
    expect(closed.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const after = await Promise.all(Array.from({ length: 12 }, () => getFresh(listing)));
    for (const r of after) {
      expect(r.status).toBe(200);
      expect(r.body).not.toContain(`"${job._id}"`);
    }
  });

  it('runs the job-alert digests in one process, and in its replacement when it dies', async () => {
    /** The processes whose alert thread started, in order. */
    const started = () =>
      [...server.output().matchAll(/"pid":(\d+)[^\n]*job alert thread started/g)].map((m) => Number(m[1]));
    await waitFor(async () => started().length > 0, 30_000, 100);
    // Time for the other process's thread to have started too, had it been given one.
    await new Promise((r) => setTimeout(r, 3000));
    expect(started()).toHaveLength(1);
    const [first] = started();
    process.kill(first!, 'SIGKILL');
    await waitFor(async () => started().length === 2, 60_000, 100);
    expect(started()[1]).not.toBe(first);
    await waitFor(async () => (server.output().match(/is running at/g) ?? []).length === 3, 60_000, 200);
  }, 90_000);

  it('replaces a process that dies, while the other keeps answering', async () => {
    // The serving processes only: the primary may also have a helper of its TypeScript loader (esbuild).
    const workers = execFileSync('pgrep', ['-P', String(server.child.pid), '-f', 'apps/api/src/main.ts'], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .map(Number);
    expect(workers).toHaveLength(2);
    const ended = () => (server.output().match(/ended \(SIGKILL\); starting another/g) ?? []).length;
    const endedBefore = ended();
    process.kill(workers[0]!, 'SIGKILL');
    // Once the first process knows (a connection handed over in the instant before is lost, as with any crash)...
    await waitFor(async () => ended() > endedBefore, 10_000, 20);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => getFresh('/api/v1/spajobs?page=1&limit=9')),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    await waitFor(async () => (server.output().match(/is running at/g) ?? []).length === 4, 60_000, 200);
    expect(server.alive()).toBe(true);
  }, 90_000);
});
