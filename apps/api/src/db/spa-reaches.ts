import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { recordRun } from '../lib/scheduled-runs.ts';

/**
 * The sizes of a spa's reaches (decision 90): the home page's six nearest, a page of the spas' list (12),
 * the API's default page (50) and the largest (100), and 25 between. A page that ends further (a later
 * page) is read as before, from the count's density (`pageRadius`).
 */
export const REACH_SIZES = [6, 12, 25, 50, 100] as const;
/** The reaches' strips: a hundredth of a degree of latitude, about 1.1 km. */
export const REACH_STRIPS_PER_DEGREE = 100;
/** The smallest of REACH_SIZES that holds the first `needed` spas; undefined past the largest. */
export const reachSize = (needed: number) => REACH_SIZES.find((size) => size >= needed);

/**
 * The reaches' refresh as a scheduled run: once a day on the server (main.ts). Each refresh, the server's or
 * a command's (seed, import), records itself, so that the next falls due a day after the last whatever ran it.
 */
export const REACHES_RUN = { name: 'spa-reaches', everyMs: 24 * 3600_000 } as const;

/** How many spas one write replaces the reaches of: a millisecond or two of SQLite's one writer. */
const WRITE_BATCH = 200;
/** How many spas one read brings: its rows cross from a read thread at once, onto the API's thread. */
const READ_BATCH = 2_000;

/** What the reaches' thread finds: each spa's reaches, and the spas in the order of the table's key. */
interface Found {
  /** One array a size of REACH_SIZES, in the order of the spas given (NaN: the board holds fewer). */
  reaches: Float64Array[];
  /** The spas' positions in the order of the key (strip, longitude, id). */
  order: Int32Array;
}

/** Finds the spas' reaches and their order on a thread of its own (spa-reaches-thread.mjs). */
function findReaches(id: Float64Array, lat: Float64Array, lng: Float64Array): Promise<Found> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./spa-reaches-thread.mjs', import.meta.url), {
      workerData: { id, lat, lng, sizes: [...REACH_SIZES], stripsPerDegree: REACH_STRIPS_PER_DEGREE },
    });
    worker.once('message', (found: Found) => resolve(found));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the reaches' thread stopped (${code})`)));
  });
}

const COLUMNS = ['strip', 'longitude', 'spa_id', 'ux', 'uy', 'uz', ...REACH_SIZES.map((size) => `r${size}`)];
const PG_TYPES = [
  'integer',
  'float8',
  'integer',
  'float8',
  'float8',
  'float8',
  ...REACH_SIZES.map(() => 'float8'),
];

/**
 * Finds every spa's reaches again and writes them (`spa_reaches`, migration 0047): the spas read a batch at a
 * time, their nearest found on a thread of their own, then written in the table's key order, WRITE_BATCH
 * rows a transaction, each replacing every row from the last batch's key up to its own last: a moved spa's
 * old row and a removed one's go with the range they lie in. Between two writes the board reads a mix of
 * old and new rows, each a bound that held when it was found. How many spas it wrote.
 */
export async function refreshSpaReaches(d: Db): Promise<number> {
  // Read a batch at a time, each a few milliseconds of the API's thread to take in.
  const spas = { id: [] as number[], lat: [] as number[], lng: [] as number[], u: [] as number[] };
  for (;;) {
    const batch = await d.background
      .selectFrom('spas')
      .select(['id', 'latitude', 'longitude'])
      // The place as a unit vector (migration 0025), as the count reads it.
      .select([sql<number>`ux`.as('ux'), sql<number>`uy`.as('uy'), sql<number>`uz`.as('uz')])
      .where('id', '>', spas.id.at(-1) ?? 0)
      .orderBy('id')
      .limit(READ_BATCH)
      .execute();
    for (const s of batch) {
      spas.id.push(Number(s.id));
      spas.lat.push(Number(s.latitude));
      spas.lng.push(Number(s.longitude));
      spas.u.push(Number(s.ux), Number(s.uy), Number(s.uz));
    }
    if (batch.length < READ_BATCH) break;
  }
  const { reaches, order } = await findReaches(
    Float64Array.from(spas.id),
    Float64Array.from(spas.lat),
    Float64Array.from(spas.lng),
  );
  /** The row of the spa at `i`: its key first (strip, longitude, id), then its unit vector and reaches. */
  const row = (i: number) => [
    Math.floor(spas.lat[i]! * REACH_STRIPS_PER_DEGREE),
    spas.lng[i]!,
    spas.id[i]!,
    ...spas.u.slice(3 * i, 3 * i + 3),
    ...reaches.map((r) => r[i]!),
  ];
  const pg = d.engine === 'postgres';
  // A batch's rows as one JSON array (NaN, a size past the board's spas, is written null), read by the
  // database: one parameter, not eleven a row.
  const fields = COLUMNS.map((_, i) => (pg ? `(e->>${i})::${PG_TYPES[i]}` : `value->>${i}`));
  const insert = (json: string) =>
    sql`insert into spa_reaches (${sql.raw(COLUMNS.join(', '))}) select ${sql.raw(fields.join(', '))}
      from ${pg ? sql`jsonb_array_elements(${json}::jsonb) as e` : sql`json_each(${json})`}`;
  const key = sql.raw('(strip, longitude, spa_id)');
  const keyOf = (i: number) => {
    const [strip, lng, id] = row(i);
    return pg ? sql`(${strip}::integer, ${lng}::float8, ${id}::integer)` : sql`(${strip}, ${lng}, ${id})`;
  };
  const n = order.length;
  for (let from = 0; from < n || from === 0; from += WRITE_BATCH) {
    const batch = Array.from(order.subarray(from, from + WRITE_BATCH));
    const last = from + WRITE_BATCH >= n;
    const after = from > 0 ? sql`${key} > ${keyOf(order[from - 1]!)}` : sql`true`;
    const upTo = last ? sql`true` : sql`${key} <= ${keyOf(batch.at(-1)!)}`;
    await d.db.transaction().execute(async (tx) => {
      await sql`delete from spa_reaches where ${after} and ${upTo}`.execute(tx);
      if (batch.length) await insert(JSON.stringify(batch.map(row))).execute(tx);
    });
    if (!last) await new Promise((resolve) => setImmediate(resolve));
  }
  await recordRun(d, REACHES_RUN.name, { everyMs: REACHES_RUN.everyMs });
  return n;
}
