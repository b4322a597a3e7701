/**
 * Times each search shape of the benchmark one request at a time, straight
 * through the app (real HTTP handling via inject, the real database and read
 * pool, no response cache): the median of several runs, each spelt anew so no
 * cache answers. A guide while working on a busy machine, where load figures
 * are noisy. Point it at a large database:
 *   SQLITE_FILE=…/spajobs-1000000.db node --import tsx bench/query-shapes.ts [filter] [--runs 7]
 *   DATABASE_URL=postgres://… DATABASE_SCHEMA=bench_1000000 node --import tsx bench/query-shapes.ts
 */
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb } from '../apps/api/src/db/database.ts';
import { parseArgs } from '../apps/api/src/cli/args.ts';

const { flags, positional } = parseArgs(process.argv.slice(2));
const runs = Number(flags.runs ?? 7);
const filter = positional[0];
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', RESPONSE_CACHE: 'off' });
const database = await createDb({
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  pgSchema: config.databaseSchema,
  readWorkers: config.sqliteReadWorkers,
  queryBudgetMs: config.queryTimeoutMs,
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
// Let the background statistics arrive, as on a server that has been up a minute.
await app.inject('/api/v1/spajobs?limit=1');
await new Promise((r) => setTimeout(r, 3000));

const enc = encodeURIComponent;
const cases: [string, string][] = [
  ['list, no filter, page 1', '/api/v1/spajobs?limit=9'],
  ['list, city', '/api/v1/spajobs?city=Mumbai&page=7&limit=9'],
  ['list, state', '/api/v1/spajobs?state=Maharashtra&page=3&limit=9'],
  ['list, category', '/api/v1/spajobs?category=Therapist&page=20&limit=9'],
  ['list, city+state', '/api/v1/spajobs?city=Pune&state=Maharashtra&page=2&limit=9'],
  ['list, city+category', '/api/v1/spajobs?city=Mumbai&category=Wellness&limit=9'],
  ['list, state+category', '/api/v1/spajobs?state=Kerala&category=Ayurveda&page=5&limit=9'],
  ['list, city+state+category', '/api/v1/spajobs?city=Kochi&state=Kerala&category=Support&limit=9'],
  ['list, small city+category', '/api/v1/spajobs?city=Shimla&category=Management&page=4&limit=9'],
  ['deepest page, no filter', '/api/v1/spajobs?page=1112&limit=9'],
  ['deep page 800, no filter', '/api/v1/spajobs?page=800&limit=9'],
  ['q common', '/api/v1/spajobs?q=therapist&page=3&limit=9'],
  ['q common, page 40', '/api/v1/spajobs?q=massage&page=40&limit=9'],
  ['q common + city', '/api/v1/spajobs?q=spa&city=Mumbai&page=2&limit=9'],
  ['q common, deepest page', '/api/v1/spajobs?q=therapist&page=1112&limit=9'],
  ['q common, deep page 700', '/api/v1/spajobs?q=manager&page=700&limit=9'],
  ['q rare', '/api/v1/spajobs?q=reflexolog&limit=9'],
  ['q rare + city', '/api/v1/spajobs?q=panchakarma&city=Mumbai&limit=9'],
  ['q misspelt', '/api/v1/spajobs?q=therapst&limit=9'],
  ['q misspelt 2', '/api/v1/spajobs?q=spaa%20manager&limit=9'],
  ['q Hindi', `/api/v1/spajobs?q=${enc('मसाज')}&limit=9`],
  ['q Hindi two words', `/api/v1/spajobs?q=${enc('मसाज थेरेपिस्ट')}&limit=9`],
  ['q one character', '/api/v1/spajobs?q=a&limit=9'],
  ['q two characters', '/api/v1/spajobs?q=sp&page=3&limit=9'],
  ['q two characters + city', '/api/v1/spajobs?q=ma&city=Mumbai&page=2&limit=9'],
  ['q common words together', '/api/v1/spajobs?q=thai%20spa%20therapist&limit=9'],
  ['q no match', '/api/v1/spajobs?q=bxkqzvw&limit=9'],
  ['title common', '/api/v1/spajobs?title=therapist&page=4&limit=9'],
  ['title rare', '/api/v1/spajobs?title=nail%20techn&page=2&limit=9'],
  ['title misspelt', '/api/v1/spajobs?title=recepshonist&limit=9'],
  ['title Hindi', `/api/v1/spajobs?title=${enc('मसाज')}&limit=9`],
  ['title two characters', '/api/v1/spajobs?title=zq&limit=9'],
  ['title one character', '/api/v1/spajobs?title=e&page=5&limit=9'],
  ['title no match', '/api/v1/spajobs?title=qzxkvbw&limit=9'],
  ['spa no match', '/api/v1/spajobs?spa=qzxkvbw&limit=9'],
  ['spa name part', '/api/v1/spajobs?spa=lotus&limit=9'],
  [
    'every filter at once',
    `/api/v1/spajobs?q=massage&title=therapist&spa=spa&city=Mumbai&state=Maharashtra&category=Therapist&postedDate=2026-01-01`,
  ],
  ['spa search, name part', '/api/v1/spas/search?name=otus&page=2&limit=12'],
  ['spa search, common part', '/api/v1/spas/search?name=spa&page=3&limit=12'],
  ['spa search, no match', '/api/v1/spas/search?name=qzxkvbw&limit=12'],
  ['spa search, short', '/api/v1/spas/search?name=Ro&limit=12'],
  ['nearby 10 km', '/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=10'],
  ['nearby 100 km', '/api/v1/spas/nearspa?lat=19.076&lng=72.8777&radius=100'],
  ['nearby 50 km Delhi', '/api/v1/spas/nearspa?lat=28.61&lng=77.2&radius=50'],
];

let nonce = 0;
const fresh = (url: string) => `${url}${url.includes('?') ? '&' : '?'}_r=${++nonce}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${database.engine}: median of ${runs}`);
for (const [name, url] of cases) {
  if (filter && !name.includes(filter)) continue;
  const times: number[] = [];
  let total: unknown = '';
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await app.inject(fresh(url));
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) {
      total = `HTTP ${res.statusCode}`;
      continue;
    }
    const body = res.json() as { total?: number; count?: number; totalCapped?: boolean };
    total = `${body.total ?? body.count ?? ''}${body.totalCapped ? '+' : ''}`;
  }
  console.log(
    name.padEnd(34),
    median(times).toFixed(1).padStart(8),
    Math.max(...times)
      .toFixed(1)
      .padStart(8),
    String(total).padStart(8),
  );
}
await app.close();
await database.destroy();
