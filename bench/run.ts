/**
 * The benchmark: `npm run bench` prints one table and writes bench/results/<time>.json.
 *
 *   npm run bench                    API load at 1,000,000 jobs, the cost curve, the web
 *   npm run bench -- --pg            the API parts on PostgreSQL (DATABASE_URL, default the local `test` database)
 *   npm run bench -- --only api      one part: uncached | api | curve | web | pages | alerts | instances
 *   npm run bench -- --duration 5    seconds of load per endpoint (default 10)
 *   npm run bench -- --only uncached --scenario spa   the uncached scenarios whose name holds this text
 *   BENCH_DATA_DIR=… BENCH_PORT_BASE=… where the data sets live, and the first of six ports
 *
 * Data sets come from the demo generator and are kept under data/bench/ (SQLite; BENCH_DATA_DIR
 * puts them elsewhere, e.g. on a bigger disk) or in schemas bench_<jobs> (PostgreSQL) so later
 * runs reuse them. Load comes from this process
 * (autocannon) against the real server in a child process; the limit is a bare Node http
 * server in another child answering the identical response bytes from memory.
 * Timings are figures to read, never test assertions.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { parseArgs } from '../apps/api/src/cli/args.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { flags } = parseArgs(process.argv.slice(2));
const usePg = !!flags.pg;
const only = typeof flags.only === 'string' ? flags.only : undefined;
const duration = Number(flags.duration ?? 10);
const scenarioFilter = typeof flags.scenario === 'string' ? flags.scenario : undefined;
const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const engine = usePg ? 'postgresql' : 'sqlite';
/** Six ports from here (BENCH_PORT_BASE, default 4710) for the servers the benchmark starts. */
const portBase = Number(process.env.BENCH_PORT_BASE ?? 4710);
const benchDataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, 'data/bench'));

const SIZES = [
  { spas: 1_000, jobs: 10_000 },
  { spas: 10_000, jobs: 100_000 },
  { spas: 100_000, jobs: 1_000_000 },
];
const LARGEST = SIZES[SIZES.length - 1]!;

const TARGETS = {
  p99Ms: 20,
  cachedShareOfLimit: 0.5,
  costCurveRatio: 1.5,
  lighthouseScore: 95,
  lcpMs: 2000,
  cls: 0.05,
  homeJsKb: 150,
};

type Row = Record<string, string | number | boolean | null>;
const results: {
  date: string;
  machine: Record<string, unknown>;
  engine: string;
  sections: Record<string, Row[]>;
} = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  },
  engine,
  sections: {},
};

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGTERM')));
process.on('SIGINT', () => process.exit(130));

function log(msg: string) {
  process.stderr.write(`${msg}\n`);
}

const num = (n: number) => n.toLocaleString('en-IN');

// ---------------------------------------------------------------- data sets

function envFor(size: { jobs: number }): NodeJS.ProcessEnv {
  return usePg
    ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: `bench_${size.jobs}` }
    : { SQLITE_FILE: path.join(benchDataDir, `spajobs-${size.jobs}.db`), DATABASE_URL: '' };
}

async function countJobs(size: { jobs: number }): Promise<number> {
  if (usePg) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const r = await client.query(`select count(*)::int as n from bench_${size.jobs}.jobs`);
      return r.rows[0].n as number;
    } catch {
      return 0;
    } finally {
      await client.end();
    }
  }
  const file = envFor(size).SQLITE_FILE!;
  if (!fs.existsSync(file)) return 0;
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from jobs').get() as { n: number }).n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

/**
 * PostgreSQL: vacuums the data set's jobs before it is measured, as autovacuum would have (this machine's
 * server runs with autovacuum off, its CI settings): the view counts of earlier runs' job pages clear
 * pages' all-visible bits, and the listing's index-only scans then read rows from the table.
 */
async function vacuumed(size: { jobs: number }) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(`vacuum analyze bench_${size.jobs}.jobs, bench_${size.jobs}.spas`);
    // The keyword words' lists (decision 64) and the common words' bits (decision 77), once made.
    for (const table of ['job_words', 'job_common_words']) {
      const made = await client.query(`select to_regclass('bench_${size.jobs}.${table}') as t`);
      if (made.rows[0]?.t) await client.query(`vacuum analyze bench_${size.jobs}.${table}`);
    }
  } finally {
    await client.end();
  }
}

async function ensureDataset(size: { spas: number; jobs: number }) {
  if ((await countJobs(size)) === size.jobs) {
    if (usePg) await vacuumed(size);
    return;
  }
  log(`Generating ${num(size.spas)} spas and ${num(size.jobs)} jobs (${engine})…`);
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/cli/seed.ts',
      '--spas',
      String(size.spas),
      '--jobs',
      String(size.jobs),
      '--reset',
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...envFor(size) } },
  );
  if (r.status !== 0) throw new Error('generating the data set failed');
}

// ---------------------------------------------------------------- processes

async function waitFor(url: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function startApi(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? 'false',
      LOG_LEVEL: 'error',
      RATE_LIMITS: 'off',
      // Its own secret, rather than one kept in the data folder.
      JWT_SECRET: randomBytes(32).toString('hex'),
    },
  });
  children.add(child);
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  return child;
}

async function stop(child: ChildProcess) {
  children.delete(child);
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- load

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A figure to two decimals, as the tables print them. */
const round2 = (n: number) => Math.round(n * 100) / 100;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

/** Load from this process; latencies are taken per response, to a hundredth of a millisecond. */
async function load(url: string, seconds: number, connections = 50): Promise<Load> {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    rps: Math.round(r.requests.average),
    p50: round2(percentile(times, 50)),
    p99: round2(percentile(times, 99)),
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/** The server fills its summary caches right after it starts; measure after that, not during it. */
async function settle(base: string) {
  // One at a time, each asked again until it answers: on a busy machine the first whole-board
  // counts of a server just started can run past the query budget.
  for (const p of [
    '/api/v1/spajobs/summary/all-stats',
    '/api/v1/stats',
    '/api/v1/spajobs/recent?limit=9&page=1',
  ]) {
    for (let i = 0; i < 10; i++) {
      const r = await fetch(base + p);
      await r.arrayBuffer();
      if (r.ok) break;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}

async function endpoints(base: string) {
  const list = (await (await fetch(`${base}/api/v1/spajobs?limit=1`)).json()) as { data: { _id: string }[] };
  const jobId = list.data[0]!._id;
  return [
    {
      name: 'nearby spas (10 km, Mumbai)',
      path: '/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=10',
      p99Target: true,
    },
    { name: 'spa search, state filter', path: '/api/v1/spas/search?state=Maharashtra&page=1&limit=12' },
    {
      name: 'job listing, title + city',
      path: '/api/v1/spajobs?title=therapist&city=Mumbai&page=1&limit=9',
      p99Target: true,
    },
    { name: 'job detail', path: `/api/v1/spajobs/${jobId}` },
    { name: 'recent jobs', path: '/api/v1/spajobs/recent?limit=9&page=1', limitTarget: true },
    { name: 'summary stats', path: '/api/v1/spajobs/summary/all-stats', limitTarget: true },
  ];
}

async function firstRequestMs(url: string): Promise<number> {
  const t0 = performance.now();
  const r = await fetch(url);
  await r.arrayBuffer();
  return Math.round((performance.now() - t0) * 10) / 10;
}

async function apiUnderLoad() {
  await ensureDataset(LARGEST);
  const port = portBase + 0;
  const limitPort = portBase + 1;
  const api = await startApi(envFor(LARGEST), port);
  const base = `http://127.0.0.1:${port}`;
  await settle(base);
  const eps = await endpoints(base);
  const first: Record<string, number> = {};
  const recorded: Record<string, { body: string; contentType: string }> = {};
  for (const ep of eps) {
    first[ep.path] = await firstRequestMs(base + ep.path);
    const r = await fetch(base + ep.path);
    recorded[ep.path] = {
      body: await r.text(),
      contentType: r.headers.get('content-type') ?? 'application/json',
    };
  }
  const file = path.join(os.tmpdir(), `spajobs-bench-responses-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(recorded));
  const limit = spawn(process.execPath, ['bench/limit-server.mjs', file, String(limitPort)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(limit);
  await waitFor(`http://127.0.0.1:${limitPort}${eps[0]!.path}`);

  const rows: Row[] = [];
  for (const ep of eps) {
    log(`load: ${ep.name}`);
    await load(base + ep.path, 2); // warm-up
    const a = await load(base + ep.path, duration);
    await load(`http://127.0.0.1:${limitPort}${ep.path}`, 2);
    const l = await load(`http://127.0.0.1:${limitPort}${ep.path}`, duration);
    const ratio = l.rps ? a.rps / l.rps : 0;
    rows.push({
      endpoint: ep.name,
      firstRequestMs: first[ep.path]!,
      rps: a.rps,
      p50Ms: a.p50,
      p99Ms: a.p99,
      errors: a.errors,
      limitRps: l.rps,
      shareOfLimit: round2(ratio),
      target: ep.p99Target
        ? `p99 < ${TARGETS.p99Ms} ms`
        : ep.limitTarget
          ? `≥ ${TARGETS.cachedShareOfLimit} of limit`
          : '',
      met: ep.p99Target
        ? a.p99 < TARGETS.p99Ms && a.errors === 0
        : ep.limitTarget
          ? ratio >= TARGETS.cachedShareOfLimit && a.errors === 0
          : a.errors === 0,
    });
  }
  await stop(limit);
  await stop(api);
  fs.rmSync(file, { force: true });
  results.sections[
    `API under load (${engine}, ${num(LARGEST.spas)} spas, ${num(LARGEST.jobs)} jobs, 50 connections, ${duration} s)`
  ] = rows;
}

async function costCurve() {
  const perSize: Record<string, Record<number, number>> = {};
  const seconds = Math.max(3, Math.round(duration / 2));
  for (const size of SIZES) {
    await ensureDataset(size);
    const port = portBase + 2;
    const api = await startApi(envFor(size), port);
    const base = `http://127.0.0.1:${port}`;
    await settle(base);
    for (const ep of await endpoints(base)) {
      log(`curve: ${ep.name} at ${num(size.jobs)} jobs`);
      await load(base + ep.path, 1);
      const r = await load(base + ep.path, seconds);
      (perSize[ep.name] ??= {})[size.jobs] = r.p50;
    }
    await stop(api);
  }
  const rows: Row[] = Object.entries(perSize).map(([name, bySize]) => {
    const small = bySize[SIZES[0]!.jobs]!;
    const large = bySize[LARGEST.jobs]!;
    const ratio = large / small;
    return {
      endpoint: name,
      ...Object.fromEntries(SIZES.map((s) => [`p50Ms@${s.jobs}`, bySize[s.jobs]!])),
      ratio: round2(ratio),
      target: `≤ ${TARGETS.costCurveRatio}`,
      met: ratio <= TARGETS.costCurveRatio,
    };
  });
  results.sections[`Cost curve (${engine}, p50 at 50 connections, ${seconds} s each)`] = rows;
}

// ---------------------------------------------------------------- uncached

/**
 * Requests that no cache can answer: every one draws its words, places and
 * pages at random, as real visitors ask something new each time.
 */
const WORDS = {
  common: ['therapist', 'spa', 'massage', 'manager', 'beautician', 'reception', 'thai', 'ayurved', 'stylist'],
  rare: [
    'reflexolog',
    'panchakarma',
    'balinese',
    'nail techn',
    'housekeeping',
    'wellness consult',
    'makeup art',
  ],
  misspelt: ['therapst', 'masage', 'recepshonist', 'beutician', 'spaa manager', 'ayurvedik', 'stylish'],
  hindi: ['मसाज', 'स्पा', 'थेरेपिस्ट', 'ब्यूटीशियन', 'रिसेप्शन', 'आयुर्वेद'],
  short: ['a', 'sp', 'th', 'e', 'ma', 'ऑ', 'yo', 'na'],
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const noMatch = () =>
  Array.from({ length: 5 + Math.floor(Math.random() * 4) }, () => pick('bcdfghjkqvwxz'.split(''))).join('');

interface Vocabulary {
  cities: { city: string; state: string; lat: number; lng: number }[];
  categories: string[];
  spaNames: string[];
}

async function vocabulary(base: string): Promise<Vocabulary> {
  const summary = (await (await fetch(`${base}/api/v1/spajobs/summary/all-stats`)).json()) as {
    byCityState: { city: string; state: string }[];
    byCategory: { category: string }[];
  };
  const { DEMO_CITIES } = await import('../apps/api/src/demo/cities.ts');
  const coords = new Map(DEMO_CITIES.map((c) => [c.city, c]));
  const cities = summary.byCityState.flatMap((c) => {
    const at = coords.get(c.city);
    return at ? [{ city: c.city, state: c.state, lat: at.lat, lng: at.lng }] : [];
  });
  // Asked again if the server, just started on a busy machine, answers over its budget.
  let spas: { data?: { name: string }[] } = {};
  for (let i = 0; i < 20 && !spas.data; i++) {
    if (i) await new Promise((done) => setTimeout(done, 1000));
    spas = (await (await fetch(`${base}/api/v1/spas/spaall?limit=100&page=7`)).json()) as typeof spas;
  }
  if (!spas.data) throw new Error(`spa names for the benchmark: ${JSON.stringify(spas)}`);
  return {
    cities,
    categories: summary.byCategory.map((c) => c.category),
    spaNames: spas.data.map((s) => s.name),
  };
}

/** A random part of a spa's name, 3 to 6 letters, sometimes one that matches nothing. */
function namePart(v: Vocabulary): string {
  if (Math.random() < 0.2) return noMatch();
  const name = pick(v.spaNames).replace(/[^\p{L} ]/gu, '');
  const len = 3 + Math.floor(Math.random() * 4);
  const at = Math.floor(Math.random() * Math.max(1, name.length - len));
  return name.slice(at, at + len).trim() || 'spa';
}

function uncachedScenarios(v: Vocabulary): { name: string; target: number; path: () => string }[] {
  const q = (params: Record<string, string | number | undefined>) =>
    `?${new URLSearchParams(Object.entries(params).flatMap(([k, x]): [string, string][] => (x === undefined ? [] : [[k, String(x)]]))).toString()}`;
  const page = (max: number) => 1 + Math.floor(Math.random() * max);
  return [
    // As the home page asks (its six nearest spas), and as the API answers by default (50 a page).
    ...[6, undefined].map((limit) => ({
      name: `nearby spas, random place and radius, ${limit ? `${limit} (the home page)` : '50 (the API default)'}`,
      target: 50,
      path: () => {
        const c = pick(v.cities);
        const jitter = () => (Math.random() - 0.5) * 0.2;
        return `/api/v1/spas/nearspa${q({ lat: (c.lat + jitter()).toFixed(4), lng: (c.lng + jitter()).toFixed(4), radius: pick([5, 10, 20, 50, 100]), limit })}`;
      },
    })),
    {
      name: 'job filters, random city/state/category/page',
      target: 50,
      path: () => {
        const c = pick(v.cities);
        return `/api/v1/spajobs${q({
          city: Math.random() < 0.5 ? c.city : undefined,
          state: Math.random() < 0.5 ? c.state : undefined,
          category: Math.random() < 0.5 ? pick(v.categories) : undefined,
          page: page(20),
          limit: 9,
        })}`;
      },
    },
    {
      name: 'spa search, random name part',
      target: 50,
      path: () => `/api/v1/spas/search${q({ name: namePart(v), page: page(3), limit: 12 })}`,
    },
    {
      name: 'keyword: common, rare, misspelt, Hindi, short',
      target: 100,
      path: () => {
        const kind = pick(['common', 'rare', 'misspelt', 'hindi', 'short'] as const);
        const c = pick(v.cities);
        return `/api/v1/spajobs${q({
          q: pick(WORDS[kind]),
          city: Math.random() < 0.3 ? c.city : undefined,
          page: page(kind === 'common' ? 50 : 3),
          limit: 9,
        })}`;
      },
    },
    {
      // The same words in a state, as the jobs page's sidebar asks (decision 92).
      name: 'keyword in a state',
      target: 100,
      path: () => {
        const kind = pick(['common', 'rare', 'misspelt', 'hindi', 'short'] as const);
        return `/api/v1/spajobs${q({
          q: pick(WORDS[kind]),
          state: pick(v.cities).state,
          page: page(kind === 'common' ? 50 : 3),
          limit: 9,
        })}`;
      },
    },
    {
      name: 'title search, random word',
      target: 100,
      path: () => {
        const kind = pick(['common', 'rare', 'misspelt', 'hindi', 'short'] as const);
        return `/api/v1/spajobs${q({ title: pick(WORDS[kind]), page: page(5), limit: 9 })}`;
      },
    },
    {
      name: 'no-match search',
      target: 100,
      path: () => `/api/v1/spajobs${q({ [pick(['q', 'title', 'spa'])]: noMatch(), limit: 9 })}`,
    },
    {
      name: 'deep pages (up to the window)',
      target: 100,
      path: () =>
        `/api/v1/spajobs${q({ q: Math.random() < 0.5 ? pick(WORDS.common) : undefined, page: 500 + page(611), limit: 9 })}`,
    },
  ];
}

/** Load where every request asks something new; `times` are every response's, in order of arrival. */
async function loadRandom(base: string, makePath: () => string, seconds: number, connections: number) {
  const times: number[] = [];
  const url = new URL(base);
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: makePath(), host: url.host }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const sorted = [...times].sort((a, b) => a - b);
  return {
    times,
    rps: Math.round(r.requests.average),
    p50: round2(percentile(sorted, 50)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted[sorted.length - 1] ?? 0),
    errors: r.errors + r.non2xx,
    timeouts: r.timeouts,
  };
}

/** Each adversarial request once, alone: none may take longer than the sweep's target. */
async function adversarialSweep(base: string, v: Vocabulary): Promise<Row[]> {
  const c = v.cities[0]!;
  const cases: [string, string][] = [
    ['no match (keyword)', `/api/v1/spajobs?q=${noMatch()}`],
    ['no match (title)', `/api/v1/spajobs?title=${noMatch()}`],
    ['no match (spa name)', `/api/v1/spas/search?name=${noMatch()}`],
    ['one character', '/api/v1/spajobs?q=a'],
    ['two characters, title', '/api/v1/spajobs?title=zq'],
    ['Hindi', `/api/v1/spajobs?q=${encodeURIComponent('मसाज थेरेपिस्ट')}`],
    ['common words together', '/api/v1/spajobs?q=thai%20spa%20therapist'],
    [
      'every filter at once',
      `/api/v1/spajobs?q=massage&title=therapist&spa=spa&city=${encodeURIComponent(c.city)}&state=${encodeURIComponent(c.state)}&category=Therapist&postedDate=2026-01-01&salaryMin=20000&experience=2`,
    ],
    // A word and the quick filters that seldom go together: fewer than the cap match, so every open job
    // is passed to count them (decision 49).
    ['a word with pay and experience', '/api/v1/spajobs?q=manager&salaryMin=30000&experience=2'],
    // A word in a state, with experience: read from the entries of the state's cities (decision 92).
    [
      'a word in a state, with experience',
      `/api/v1/spajobs?q=manager&state=${encodeURIComponent(c.state)}&experience=1`,
    ],
    // A word in a category it seldom or never goes with: read from the words' entries by category
    // (decision 82), where a plan would pass the category's jobs or the word's.
    ['a word in a category without it', '/api/v1/spajobs?q=manager&category=Therapist'],
    [
      'a rare word in another category',
      `/api/v1/spajobs?q=panchakarma&category=${encodeURIComponent('Beauty & Salon')}`,
    ],
    ['deepest reachable page', '/api/v1/spajobs?page=1112&limit=9'],
    ['deepest page of a common word', '/api/v1/spajobs?q=therapist&page=1112&limit=9'],
    ['nearby 100 km', `/api/v1/spas/nearspa?lat=${c.lat}&lng=${c.lng}&radius=100`],
  ];
  const rows: Row[] = [];
  for (const [name, p] of cases) {
    const ms = await firstRequestMs(base + p);
    rows.push({ request: name, ms, target: '≤ 250 ms', met: ms <= 250 });
  }
  return rows;
}

/** Rounds of the cost curve: each size is loaded this many times, the two alternated (`curveAlternated`). */
const CURVE_ROUNDS = 4;
const CURVE_ROUND_SECONDS = 2;

/**
 * The uncached cost curve of one scenario: p50 at 10 connections at each size, with both servers up and
 * loaded in turn, round by round, the first of a round swapped each time (small, large; large, small; …),
 * so that the machine's capacity, which moves by a factor of three between one minute and the next on a
 * shared machine, weighs on both sizes alike. Each p50 is of every response of its size's rounds.
 */
async function curveAlternated(
  small: { base: string; path: () => string },
  large: { base: string; path: () => string },
): Promise<{ small: number; large: number }> {
  const times = { small: [] as number[], large: [] as number[] };
  const sides = { small, large };
  for (const side of ['small', 'large'] as const) await loadRandom(sides[side].base, sides[side].path, 2, 10);
  for (let round = 0; round < CURVE_ROUNDS; round++) {
    const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
    for (const side of order) {
      const r = await loadRandom(sides[side].base, sides[side].path, CURVE_ROUND_SECONDS, 10);
      times[side].push(...r.times);
    }
  }
  const p50 = (xs: number[]) =>
    round2(
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      ),
    );
  return { small: p50(times.small), large: p50(times.large) };
}

async function uncached() {
  const port = portBase + 4;
  const limitPort = portBase + 5;
  const rows: Row[] = [];
  const curve: Record<string, { small: number; large: number }> = {};
  const small = SIZES[0]!;
  await ensureDataset(small);
  await ensureDataset(LARGEST);
  // No response cache: every answer comes from the database, as for visitors who each ask something new.
  const api = await startApi({ ...envFor(LARGEST), RESPONSE_CACHE: 'off' }, port);
  const base = `http://127.0.0.1:${port}`;
  await settle(base);
  const v = await vocabulary(base);
  const scenarios = uncachedScenarios(v);
  const sample = await fetch(base + scenarios[1]!.path());
  const file = path.join(os.tmpdir(), `spajobs-bench-uncached-${process.pid}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ '*': { body: await sample.text(), contentType: 'application/json; charset=utf-8' } }),
  );
  const limit = spawn(process.execPath, ['bench/limit-server.mjs', file, String(limitPort)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(limit);
  await waitFor(`http://127.0.0.1:${limitPort}/any`);
  const limitBase = `http://127.0.0.1:${limitPort}`;
  const chosen = scenarios.filter((sc) => !scenarioFilter || sc.name.includes(scenarioFilter));
  for (const sc of chosen) {
    for (const connections of [10, 50]) {
      log(`uncached: ${sc.name}, ${connections} connections`);
      await loadRandom(base, sc.path, 2, connections);
      const a = await loadRandom(base, sc.path, duration, connections);
      const l = await loadRandom(limitBase, sc.path, Math.max(2, Math.round(duration / 3)), connections);
      const p99Target = connections === 10 ? sc.target : undefined;
      rows.push({
        scenario: sc.name,
        connections,
        rps: a.rps,
        p50Ms: a.p50,
        p99Ms: a.p99,
        maxMs: a.max,
        errors: a.errors,
        timeouts: a.timeouts,
        limitRps: l.rps,
        target: p99Target ? `p99 ≤ ${p99Target} ms, no errors` : 'no errors or timeouts',
        met: (p99Target === undefined || a.p99 <= p99Target) && a.errors === 0 && a.timeouts === 0,
      });
    }
  }
  if (!scenarioFilter) {
    log('uncached: health while 8 connections search for what matches nothing');
    const noMatchPath = scenarios.find((s) => s.name === 'no-match search')!.path;
    const [health] = await Promise.all([
      loadRandom(base, () => '/healthz', duration, 1),
      loadRandom(base, noMatchPath, duration, 8),
    ]);
    rows.push({
      scenario: 'health during no-match searches (8 connections)',
      connections: 1,
      rps: health.rps,
      p50Ms: health.p50,
      p99Ms: health.p99,
      maxMs: health.max,
      errors: health.errors,
      timeouts: health.timeouts,
      limitRps: 0,
      target: 'p99 ≤ 20 ms',
      met: health.p99 <= 20 && health.errors === 0,
    });
    results.sections[`Adversarial requests, one at a time (${engine}, ${num(LARGEST.jobs)} jobs)`] =
      await adversarialSweep(base, v);
  }
  await stop(limit);
  fs.rmSync(file, { force: true });
  // The small board's server beside the large one, on the limit's port, for the cost curve.
  const smallApi = await startApi({ ...envFor(small), RESPONSE_CACHE: 'off' }, limitPort);
  const smallBase = `http://127.0.0.1:${limitPort}`;
  await settle(smallBase);
  const smallScenarios = uncachedScenarios(await vocabulary(smallBase));
  for (const [i, sc] of scenarios.entries()) {
    if (!chosen.includes(sc)) continue;
    log(`uncached curve: ${sc.name}, ${num(small.jobs)} and ${num(LARGEST.jobs)} jobs in turn`);
    curve[sc.name] = await curveAlternated(
      { base: smallBase, path: smallScenarios[i]!.path },
      { base, path: sc.path },
    );
  }
  await stop(smallApi);
  await stop(api);
  results.sections[
    `Uncached: every request new (${engine}, ${num(LARGEST.spas)} spas, ${num(LARGEST.jobs)} jobs, ${duration} s)`
  ] = rows;
  results.sections[
    `Uncached cost curve (${engine}, p50 at 10 connections, the two sizes alternated ${CURVE_ROUNDS} × ${CURVE_ROUND_SECONDS} s each)`
  ] = Object.entries(curve).map(([name, p]) => {
    const ratio = p.large / Math.max(0.01, p.small);
    return {
      scenario: name,
      [`p50Ms@${small.jobs}`]: p.small,
      [`p50Ms@${LARGEST.jobs}`]: p.large,
      ratio: round2(ratio),
      target: '≤ 2',
      met: ratio <= 2,
    };
  });
}

// ---------------------------------------------------------------- web

function routeJsSizes(): Row[] {
  const dist = path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean; src?: string }
  >;
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const i of manifest[key]?.imports ?? []) closure(i, seen);
    return seen;
  };
  const entry = manifest['index.html']
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  // Pages rendered on the server also load the boot script; the account pages are rendered in the browser.
  const rendered = new Set(['/', '/jobs', '/job/:id', '/spas', '/spa/:id']);
  const routes: [string, string][] = [
    ['/', 'src/routes/home.tsx'],
    ['/jobs', 'src/routes/jobs.tsx'],
    ['/job/:id', 'src/routes/job-detail.tsx'],
    ['/spas', 'src/routes/spas.tsx'],
    ['/spa/:id', 'src/routes/spa-detail.tsx'],
    ['/login', 'src/routes/login.tsx'],
    ['/candidate/dashboard', 'src/routes/dashboard.tsx'],
  ];
  return routes.map(([route, src]) => {
    const keys = new Set([
      ...(rendered.has(route) ? closure('src/boot.ts') : []),
      ...closure(entry),
      ...(manifest[src] ? closure(src) : []),
    ]);
    const bytes = [...keys].reduce((sum, k) => sum + gz(manifest[k]!.file), 0);
    const kb = Math.round((bytes / 1024) * 10) / 10;
    return {
      route,
      initialJsGzipKb: kb,
      target: route === '/' ? `< ${TARGETS.homeJsKb} KB` : '',
      met: route === '/' ? kb < TARGETS.homeJsKb : true,
    };
  });
}

async function lighthouseRuns(): Promise<Row[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const dataDir = path.join(root, 'data/bench/web');
  fs.mkdirSync(dataDir, { recursive: true });
  const port = portBase + 3;
  const api = await startApi({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', DATABASE_URL: '' }, port);
  const base = `http://localhost:${port}`;
  const list = (await (await fetch(`${base}/api/v1/spajobs?limit=1`)).json()) as { data: { _id: string }[] };
  const pages = ['/', '/jobs', `/job/${list.data[0]!._id}`, '/spas'];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      log(`lighthouse: ${page}`);
      const runs = [];
      // The median of three runs: one Lighthouse run on a shared machine is noisy.
      for (let i = 0; i < 3; i++) {
        const r = await lighthouse(base + page, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (r) runs.push(r.lhr);
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const lcp = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
      const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
      const cls = Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000;
      const items =
        (
          lhr.audits['network-requests']?.details as {
            items?: { resourceType?: string; transferSize?: number }[];
          }
        )?.items ?? [];
      const jsKb =
        Math.round(
          (items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0) /
            1024) *
            10,
        ) / 10;
      rows.push({
        page: page.startsWith('/job/') ? '/job/:id' : page,
        score,
        lcpMs: lcp,
        tbtMs: tbt,
        cls,
        jsTransferredKb: jsKb,
        target: `≥ ${TARGETS.lighthouseScore}, LCP < ${TARGETS.lcpMs} ms, CLS < ${TARGETS.cls}`,
        met: score >= TARGETS.lighthouseScore && lcp < TARGETS.lcpMs && cls < TARGETS.cls,
      });
    }
  } finally {
    chrome.kill();
    await stop(api);
  }
  return rows;
}

async function web() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) {
    log('Building the web app…');
    const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error('build failed');
  }
  results.sections['Initial JavaScript per route (gzip, from the build)'] = routeJsSizes();
  results.sections['Lighthouse (mobile preset: simulated slow 4G, 4x CPU; median of 3)'] =
    await lighthouseRuns();
}

// ---------------------------------------------------------------- report

function printTable(title: string, rows: Row[]) {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]!);
  const cell = (v: Row[string], c: string) =>
    c === 'met' ? (v === null ? '' : v ? 'yes' : 'MISS ✗') : typeof v === 'number' ? num(v) : String(v ?? '');
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]!, c).length)));
  console.log(`\n${title}`);
  console.log(cols.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(cols.map((c, i) => cell(r[c]!, c).padEnd(widths[i]!)).join('  '));
}

const started = Date.now();
if (!only || only === 'uncached') await uncached();
if (!only || only === 'api') await apiUnderLoad();
if (!only || only === 'curve') await costCurve();
if ((!only || only === 'web') && !usePg) await web();
if (only === 'alerts') {
  const jobs = Number(flags['alerts-jobs'] ?? LARGEST.jobs);
  Object.assign(
    results.sections,
    await (await import('./alerts.ts')).alertsBench({ root, usePg, pgUrl, jobs, log }),
  );
}
if (only === 'instances')
  await (await import('./instances.ts')).instances({ sections: results.sections, duration, log });
// On PostgreSQL only the job pages under load: the build's JavaScript and Lighthouse on the demo data do not depend on the engine.
if (!only || only === 'pages') await (await import('./pages.ts')).pagesBench({ root, sizes: SIZES, results, duration, ensureDataset, envFor, startApi, stop, log, engineOnly: usePg }); // prettier-ignore

console.log(
  `Spa Jobs benchmark — ${results.date} — ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGiB} GiB, Node ${results.machine.node}`,
);
for (const [title, rows] of Object.entries(results.sections)) printTable(title, rows);
const misses = Object.values(results.sections)
  .flat()
  .filter((r) => r.met === false).length;
console.log(
  `\n${misses ? `${misses} target(s) missed.` : 'All targets met.'} (${Math.round((Date.now() - started) / 1000)} s)`,
);

const outDir = path.join(root, 'bench/results');
fs.mkdirSync(outDir, { recursive: true });
// The instances part always runs on PostgreSQL.
const engineRun = only === 'instances' ? 'postgresql' : engine;
const out = path.join(outDir, `${results.date.replace(/[:.]/g, '-')}-${engineRun}.json`);
fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`Written to ${path.relative(root, out)}`);
