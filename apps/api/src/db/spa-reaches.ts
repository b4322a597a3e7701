import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Db } from './database.ts';

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

/** How many spas one write replaces the reaches of: a millisecond or two of SQLite's one writer. */
const WRITE_BATCH = 200;
/** How many spas one read brings: the read's rows cross from a read thread at once. */
const READ_BATCH = 10_000;

/** Each spa's reaches, in the order of `lat` and `lng`, one array a size of REACH_SIZES (NaN: too few spas). */
function reachesOf(lat: Float64Array, lng: Float64Array): Promise<Float64Array[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./spa-reaches-thread.mjs', import.meta.url), {
      workerData: { lat, lng, sizes: [...REACH_SIZES] },
      transferList: [lat.buffer as ArrayBuffer, lng.buffer as ArrayBuffer],
    });
    worker.once('message', (reaches: Float64Array[]) => resolve(reaches));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the reaches' thread stopped (${code})`)));
  });
}

/** A spa's row of `spa_reaches`, as the refresh writes it: its key first (strip, longitude, id). */
type ReachRow = [number, number, number, number, number, number, ...number[]];
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
  const spas: { id: number; latitude: number; longitude: number; ux: number; uy: number; uz: number }[] = [];
  for (;;) {
    const batch = await d.background
      .selectFrom('spas')
      .select(['id', 'latitude', 'longitude'])
      // The place as a unit vector (migration 0025), as the count reads it.
      .select([sql<number>`ux`.as('ux'), sql<number>`uy`.as('uy'), sql<number>`uz`.as('uz')])
      .where('id', '>', spas.at(-1)?.id ?? 0)
      .orderBy('id')
      .limit(READ_BATCH)
      .execute();
    spas.push(...batch.map((s) => ({ ...s, id: Number(s.id) })));
    if (batch.length < READ_BATCH) break;
  }
  const reaches = await reachesOf(
    Float64Array.from(spas, (s) => Number(s.latitude)),
    Float64Array.from(spas, (s) => Number(s.longitude)),
  );
  const rows: ReachRow[] = spas.map((s, i) => [
    Math.floor(Number(s.latitude) * REACH_STRIPS_PER_DEGREE),
    Number(s.longitude),
    s.id,
    Number(s.ux),
    Number(s.uy),
    Number(s.uz),
    ...reaches.map((r) => r[i]!),
  ]);
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const pg = d.engine === 'postgres';
  // A batch's rows as one JSON array (NaN, a size past the board's spas, is written null), read by the
  // database: one parameter, not eleven a row.
  const fields = COLUMNS.map((_, i) => (pg ? `(e->>${i})::${PG_TYPES[i]}` : `value->>${i}`));
  const insert = (json: string) =>
    sql`insert into spa_reaches (${sql.raw(COLUMNS.join(', '))}) select ${sql.raw(fields.join(', '))}
      from ${pg ? sql`jsonb_array_elements(${json}::jsonb) as e` : sql`json_each(${json})`}`;
  const key = sql.raw('(strip, longitude, spa_id)');
  const keyOf = (r: ReachRow) =>
    pg ? sql`(${r[0]}::integer, ${r[1]}::float8, ${r[2]}::integer)` : sql`(${r[0]}, ${r[1]}, ${r[2]})`;
  for (let from = 0; from < rows.length || from === 0; from += WRITE_BATCH) {
    const batch = rows.slice(from, from + WRITE_BATCH);
    const last = from + WRITE_BATCH >= rows.length;
    const after = from > 0 ? sql`${key} > ${keyOf(rows[from - 1]!)}` : sql`true`;
    const upTo = last ? sql`true` : sql`${key} <= ${keyOf(batch.at(-1)!)}`;
    await d.db.transaction().execute(async (tx) => {
      await sql`delete from spa_reaches where ${after} and ${upTo}`.execute(tx);
      if (batch.length) await insert(JSON.stringify(batch)).execute(tx);
    });
    if (!last) await new Promise((resolve) => setImmediate(resolve));
  }
  return rows.length;
}
