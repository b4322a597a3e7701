/**
 * Times the two queries the board lives on, straight through the app (real
 * HTTP handling via inject, real database): a 10 km nearby-spa search and a
 * filtered, paged job listing. Point it at a large database:
 *   npm run seed -- --spas 100000 --jobs 1000000   (SQLITE_FILE=… to choose the file)
 *   node --import tsx bench/quick-query.ts
 */
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb } from '../apps/api/src/db/database.ts';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
const app = await buildApp({ config, database, logger: false });
await app.ready();

const spas = await database.db
  .selectFrom('spas')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
const jobs = await database.db
  .selectFrom('jobs')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();

const cases: [string, string][] = [
  ['nearby spas, 10 km around Mumbai', '/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=10'],
  ['nearby spas, 10 km around Indore', '/api/v1/spas/nearspa?lat=22.7196&lng=75.8577&radius=10'],
  [
    'jobs: title "therapist" + city Mumbai, page 1',
    '/api/v1/spajobs?title=therapist&city=Mumbai&page=1&limit=9',
  ],
  [
    'jobs: title "therapist" + city Mumbai, page 40',
    '/api/v1/spajobs?title=therapist&city=Mumbai&page=40&limit=9',
  ],
  ['jobs: state Kerala + category Ayurveda', '/api/v1/spajobs?state=Kerala&category=Ayurveda&limit=9'],
  ['jobs: spa name "lotus", page 3', '/api/v1/spajobs?spa=lotus&page=3&limit=9'],
];

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
console.log(
  `${database.engine}: ${Number(spas.n).toLocaleString('en-IN')} spas, ${Number(jobs.n).toLocaleString('en-IN')} jobs\n`,
);
console.log(
  'query'.padEnd(50),
  'p50 ms'.padStart(8),
  'p95 ms'.padStart(8),
  'max ms'.padStart(8),
  'uncached p50'.padStart(13),
  'results'.padStart(9),
);
// A parameter the API ignores makes every URL new, so the response cache never answers:
// these are the costs of the queries themselves.
let nonce = 0;
const fresh = (url: string) => `${url}&_q=${++nonce}`;
for (const [name, url] of cases) {
  let total = 0;
  for (let i = 0; i < 5; i++) await app.inject(fresh(url)); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    const res = await app.inject(fresh(url));
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const body = res.json() as { total?: number; count?: number };
    total = body.total ?? body.count ?? 0;
  }
  times.sort((a, b) => a - b);
  // The same request with the count and summary cache emptied first: what a first visitor waits.
  const cold: number[] = [];
  for (let i = 0; i < 10; i++) {
    app.ctx.cache.clear();
    const t0 = performance.now();
    await app.inject(fresh(url));
    cold.push(performance.now() - t0);
  }
  cold.sort((a, b) => a - b);
  console.log(
    name.padEnd(50),
    pct(times, 50).toFixed(1).padStart(8),
    pct(times, 95).toFixed(1).padStart(8),
    times.at(-1)!.toFixed(1).padStart(8),
    pct(cold, 50).toFixed(1).padStart(13),
    String(total).padStart(9),
  );
}
await app.close();
await database.destroy();
