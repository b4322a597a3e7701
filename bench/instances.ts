/**
 * Several API processes against one: `npm run bench -- --only instances`.
 *
 * PostgreSQL, no response cache, and every request new (random places,
 * categories, pages and job ids), so the answers come from the database each
 * time. The same load is sent to one API process and to WEB_CONCURRENCY=2
 * (two processes on one port, Node's cluster), and beside them to the bare
 * Node limit (bench/limit-server.mjs, one process answering a recorded job
 * search from memory). The machine's load average before and after is part of
 * the result: the figures mean little on a busy machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { countCpu, type CpuUse } from './processes.ts';

type Row = Record<string, string | number | boolean | null>;

export interface InstancesOptions {
  sections: Record<string, Row[]>;
  /** Seconds of load per measurement. */
  duration: number;
  log: (msg: string) => void;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZE = { spas: 10_000, jobs: 100_000 };
const SCHEMA = `bench_instances_${SIZE.jobs}`;
const PORT = 4760;
const LIMIT_PORT = 4761;
const CONNECTIONS = 50;
const TARGET = 1.6;

const CATEGORIES = [
  'Therapist',
  'Beauty & Salon',
  'Management',
  'Support',
  'Front Desk',
  'Ayurveda',
  'Wellness',
];
const CITIES = [
  ['Mumbai', 'Maharashtra'],
  ['Pune', 'Maharashtra'],
  ['Bengaluru', 'Karnataka'],
  ['Chennai', 'Tamil Nadu'],
  ['Hyderabad', 'Telangana'],
  ['Kolkata', 'West Bengal'],
  ['Jaipur', 'Rajasthan'],
  ['Kochi', 'Kerala'],
] as const;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

async function jobIdRange(): Promise<{ min: number; max: number; count: number }> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    const r = await client.query(
      `select min(id)::int as min, max(id)::int as max, count(*)::int as count from ${SCHEMA}.jobs`,
    );
    return r.rows[0] as { min: number; max: number; count: number };
  } catch {
    return { min: 0, max: 0, count: 0 };
  } finally {
    await client.end();
  }
}

async function ensureDataset(log: InstancesOptions['log']) {
  if ((await jobIdRange()).count === SIZE.jobs) return;
  log(`Generating ${SIZE.spas} spas and ${SIZE.jobs} jobs in PostgreSQL schema ${SCHEMA}…`);
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/cli/seed.ts',
      '--spas',
      String(SIZE.spas),
      '--jobs',
      String(SIZE.jobs),
      '--reset',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DATABASE_URL: pgUrl, DATABASE_SCHEMA: SCHEMA },
    },
  );
  if (r.status !== 0) throw new Error('generating the data set failed');
}

async function waitUp(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function startApi(processes: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: pgUrl,
      DATABASE_SCHEMA: SCHEMA,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: String(processes),
      RESPONSE_CACHE: 'off',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMITS: 'off',
      REDIS_URL: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
    },
  });
  // Every process has said it is running: the cluster hands connections only to those listening.
  let running = 0;
  const allRunning = new Promise<void>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      running += (d.toString().match(/is running at/g) ?? []).length;
      if (running >= processes) resolve();
    });
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    allRunning,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('the API did not start')), 120_000);
    }),
  ]).finally(() => clearTimeout(timer));
  await waitUp(`http://127.0.0.1:${PORT}/readyz`);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function loadRandom(base: string, makePath: () => string, seconds: number) {
  const times: number[] = [];
  const url = new URL(base);
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: makePath(), host: url.host }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_c, _s, _b, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    rps: Math.round(r.requests.average),
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    errors: r.errors + r.non2xx + r.timeouts,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export async function instances({ sections, duration, log }: InstancesOptions): Promise<void> {
  await ensureDataset(log);
  const ids = await jobIdRange();
  const q = (params: Record<string, string | number | undefined>) =>
    `?${new URLSearchParams(Object.entries(params).flatMap(([k, x]): [string, string][] => (x === undefined ? [] : [[k, String(x)]]))).toString()}`;
  const scenarios = [
    {
      // Keyword search is left out: on PostgreSQL its cost is the database's (pg_trgm), which more API processes do not share.
      name: 'job search: random city, state, category, page',
      path: () => {
        const [city, state] = pick(CITIES);
        return `/api/v1/spajobs${q({
          city: Math.random() < 0.6 ? city : undefined,
          state: Math.random() < 0.4 ? state : undefined,
          category: Math.random() < 0.4 ? pick(CATEGORIES) : undefined,
          page: 1 + Math.floor(Math.random() * 10),
          limit: 9,
        })}`;
      },
    },
    {
      name: 'job pages: random job',
      path: () => `/api/v1/spajobs/${ids.min + Math.floor(Math.random() * (ids.max - ids.min + 1))}`,
    },
  ];

  const loadBefore = loadAverage();
  const measured: Record<
    string,
    Record<number, Awaited<ReturnType<typeof loadRandom>> & { cpu: CpuUse }>
  > = {};
  const base = `http://127.0.0.1:${PORT}`;
  for (const processes of [1, 2]) {
    const api = await startApi(processes);
    try {
      for (const sc of scenarios) {
        log(`instances: ${sc.name}, ${processes} process(es)`);
        await loadRandom(base, sc.path, 2);
        // Where the machine's two cores go meanwhile: a second API process can only add what is left.
        const cpu = countCpu(api.pid!);
        const result = await loadRandom(base, sc.path, duration);
        (measured[sc.name] ??= {})[processes] = { ...result, cpu: cpu() };
      }
    } finally {
      await stop(api);
    }
  }

  // The limit: one bare Node process answering a recorded job search from memory.
  const sample = await (async () => {
    const api = await startApi(1);
    try {
      return await (await fetch(base + scenarios[0]!.path())).text();
    } finally {
      await stop(api);
    }
  })();
  const file = path.join(os.tmpdir(), `spajobs-bench-instances-${process.pid}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ '*': { body: sample, contentType: 'application/json; charset=utf-8' } }),
  );
  const limit = spawn(process.execPath, ['bench/limit-server.mjs', file, String(LIMIT_PORT)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let limitRps: number;
  try {
    await waitUp(`http://127.0.0.1:${LIMIT_PORT}/any`);
    limitRps = (
      await loadRandom(`http://127.0.0.1:${LIMIT_PORT}`, scenarios[0]!.path, Math.max(3, duration / 2))
    ).rps;
  } finally {
    limit.kill('SIGTERM');
    fs.rmSync(file, { force: true });
  }
  const loadAfter = loadAverage();

  const rows: Row[] = [];
  for (const sc of scenarios) {
    const one = measured[sc.name]![1]!;
    const two = measured[sc.name]![2]!;
    const speedup = Math.round((two.rps / Math.max(1, one.rps)) * 100) / 100;
    // Cores in use: the whole machine, then the API's processes / PostgreSQL / the load generator.
    const cores = (c: CpuUse) => `${c.machine} (${c.api} / ${c.postgres} / ${c.generator})`;
    rows.push({
      scenario: sc.name,
      rps1: one.rps,
      p99Ms1: one.p99,
      rps2: two.rps,
      p50Ms2: two.p50,
      p99Ms2: two.p99,
      errors: one.errors + two.errors,
      speedup,
      cores1: cores(one.cpu),
      cores2: cores(two.cpu),
      limitRps,
      target: `≥ ${TARGET}× one process`,
      met: speedup >= TARGET && one.errors + two.errors === 0,
    });
  }
  sections[
    `Instances: 1 vs WEB_CONCURRENCY=2 (postgresql, ${SIZE.jobs} jobs, uncached, ${CONNECTIONS} connections, ${duration} s; ${os.availableParallelism()} cores; load average before ${loadBefore}, after ${loadAfter})`
  ] = rows;
}
