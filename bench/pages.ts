/**
 * Server-rendered pages (`npm run bench -- --only pages`):
 *   - job pages at random job ids, never from the page cache, at 10 connections (p99) and at 50 (errors),
 *     on the largest data set (BENCH_PAGES_JOBS picks a smaller one, BENCH_PAGES_DB an existing SQLite file),
 *     after 30 s of the same load;
 *   - Lighthouse's mobile preset (simulated slow 4G, 4× CPU) on /, /jobs, a job page and /spas;
 *   - the home route's initial JavaScript (gzip), from the build.
 * With `--pg` only the job pages, on PostgreSQL's data set (the other two do not depend on the engine).
 * Timings are figures to read, never test assertions.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

type Row = Record<string, string | number | boolean | null>;
type Size = { spas: number; jobs: number };

/** What the benchmark runner lends this part. */
export interface PagesBench {
  root: string;
  sizes: Size[];
  results: { sections: Record<string, Row[]> };
  duration: number;
  ensureDataset(size: Size): Promise<void>;
  envFor(size: Size): NodeJS.ProcessEnv;
  startApi(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess>;
  stop(child: ChildProcess): Promise<void>;
  log(msg: string): void;
  /** Only what depends on the database engine: the job pages under load (`--pg`). */
  engineOnly?: boolean;
}

const TARGETS = { p99Ms: 50, lcpMs: 1500, score: 97, cls: 0.05, homeJsKb: 150 };
const WARM_UP_SECONDS = 30;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** Load on job pages, each request at a random open or closed job id (so no two are alike). */
async function loadJobPages(base: string, maxId: number, seconds: number, connections: number) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        pipelining: 1,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/job/${1 + Math.floor(Math.random() * maxId)}` }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  times.sort((a, b) => a - b);
  // 200 for open jobs, 410 for closed ones: both are pages. Anything else is an error.
  const bad = [...statuses].filter(([s]) => s !== 200 && s !== 410).reduce((n, [, c]) => n + c, 0);
  return {
    rps: Math.round(r.requests.average),
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    errors: r.errors + r.timeouts + bad,
    statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' '),
  };
}

/**
 * The home route's first JavaScript, gzip: the boot script, the entry, the home screen and what they import; for the
 * Hindi home (`/hi/`) also the Hindi texts that are fetched before the page hydrates.
 */
function homeInitialJsKb(root: string, lang: 'en' | 'hi'): number {
  const dist = path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) closure(i, seen);
    return seen;
  };
  const entry = manifest['index.html']
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const keys = new Set([
    // A rendered page starts with the boot script, which asks for the rest once the page has painted.
    ...closure('src/boot.ts'),
    ...closure(entry),
    ...closure('src/routes/home.tsx'),
    ...(lang === 'hi' ? closure('src/messages/hi.ts') : []),
  ]);
  const bytes = [...keys].reduce(
    (sum, k) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[k]!.file)), { level: 9 }).length,
    0,
  );
  return Math.round((bytes / 1024) * 10) / 10;
}

async function lighthouseRows(b: PagesBench, base: string, jobId: string): Promise<Row[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const rows: Row[] = [];
  try {
    for (const page of ['/', '/jobs', `/job/${jobId}`, '/spas']) {
      b.log(`lighthouse: ${page}`);
      const runs = [];
      // The median of three runs: one run on a shared machine is noisy.
      for (let i = 0; i < 3; i++) {
        const r = await lighthouse(base + page, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          formFactor: 'mobile',
        });
        if (r) runs.push(r.lhr);
      }
      runs.sort((x, y) => (x.categories.performance?.score ?? 0) - (y.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const lcp = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
      const fcp = Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0);
      const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
      const cls = Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000;
      rows.push({
        page: page.startsWith('/job/') ? '/job/:id' : page,
        score,
        fcpMs: fcp,
        lcpMs: lcp,
        tbtMs: tbt,
        cls,
        target: `≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs} ms, CLS ≤ ${TARGETS.cls}`,
        met: score >= TARGETS.score && lcp <= TARGETS.lcpMs && cls <= TARGETS.cls,
      });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

export async function pagesBench(b: PagesBench): Promise<void> {
  const wanted = Number(process.env.BENCH_PAGES_JOBS ?? b.sizes[b.sizes.length - 1]!.jobs);
  const size = b.sizes.find((s) => s.jobs === wanted) ?? b.sizes[b.sizes.length - 1]!;
  if (!fs.existsSync(path.join(b.root, 'apps/web/dist-server/entry-server.js'))) {
    throw new Error('Build the web app first: npm run build');
  }
  const file = process.env.BENCH_PAGES_DB;
  if (!file) await b.ensureDataset(size);
  const env = file ? { SQLITE_FILE: path.resolve(file), DATABASE_URL: '' } : b.envFor(size);
  const port = 4740;
  // Nothing from a cache: not the pages, not the API answers they are built from.
  const api = await b.startApi({ ...env, PAGE_CACHE_SECONDS: '0', RESPONSE_CACHE: 'off' }, port);
  const base = `http://127.0.0.1:${port}`;
  let jobs = size.jobs;
  if (file) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(path.resolve(file), { readonly: true });
    jobs = (db.prepare('select max(id) as n from jobs').get() as { n: number }).n;
    db.close();
  }
  try {
    const maxId = jobs;
    // Warm-up at the same load, as a server that has been up a while: its code compiled by V8's optimising
    // compiler (after 3 s, V8's threads still spent about 3 ms a page compiling). No page or answer is
    // cached (both caches are off), and every measured page is at a random id of the whole data set.
    await loadJobPages(base, maxId, WARM_UP_SECONDS, 10);
    const at10 = await loadJobPages(base, maxId, b.duration, 10);
    const at50 = await loadJobPages(base, maxId, b.duration, 50);
    b.results.sections[
      `Server-rendered job pages (random ids, uncached, ${size.jobs.toLocaleString('en-IN')} jobs)`
    ] = [
      {
        connections: 10,
        rps: at10.rps,
        p50Ms: at10.p50,
        p99Ms: at10.p99,
        errors: at10.errors,
        statuses: at10.statuses,
        target: `p99 ≤ ${TARGETS.p99Ms} ms`,
        met: at10.p99 <= TARGETS.p99Ms && at10.errors === 0,
      },
      {
        connections: 50,
        rps: at50.rps,
        p50Ms: at50.p50,
        p99Ms: at50.p99,
        errors: at50.errors,
        statuses: at50.statuses,
        target: '0 errors',
        met: at50.errors === 0,
      },
    ];
  } finally {
    await b.stop(api);
  }
  if (b.engineOnly) return;

  b.results.sections['Home route initial JavaScript (gzip, from the build)'] = (['en', 'hi'] as const).map(
    (lang) => {
      const kb = homeInitialJsKb(b.root, lang);
      return {
        route: lang === 'en' ? '/' : '/hi/',
        initialJsGzipKb: kb,
        target: `< ${TARGETS.homeJsKb} KB`,
        met: kb < TARGETS.homeJsKb,
      };
    },
  );

  // Lighthouse on the demo data, as a visitor sees the site (caches on).
  const dataDir = path.join(b.root, 'data/bench/web');
  fs.mkdirSync(dataDir, { recursive: true });
  const web = await b.startApi({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', DATABASE_URL: '' }, port + 1);
  try {
    const webBase = `http://localhost:${port + 1}`;
    const list = (await (await fetch(`${webBase}/api/v1/spajobs?limit=1`)).json()) as {
      data: { _id: string }[];
    };
    b.results.sections['Lighthouse, server-rendered pages (mobile: slow 4G, 4× CPU; median of 3)'] =
      await lighthouseRows(b, webBase, list.data[0]!._id);
  } finally {
    await b.stop(web);
  }
}
