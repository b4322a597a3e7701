import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Each spa's place as a point on the unit sphere (`ux`, `uy`, `uz`), computed
 * by the database from its latitude and longitude, so that "within r km of a
 * point" is a dot product with the point's own vector against cos(r / R): three
 * products and a comparison, where the haversine called eight functions for
 * each spa in the bounding box. The place index carries the three values
 * beside the coordinates, so the box and the test read index entries alone
 * (decision 40). SQLite computes the columns when a row is written (virtual,
 * stored in the index); PostgreSQL stores them in the row and the index,
 * which rewrites the table once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const parts: [string, string][] = [
    ['ux', 'cos(radians(latitude)) * cos(radians(longitude))'],
    ['uy', 'cos(radians(latitude)) * sin(radians(longitude))'],
    ['uz', 'sin(radians(latitude))'],
  ];
  if (engine === 'postgres') {
    // One statement: a stored column rewrites the table once, not once per column.
    const columns = parts.map(
      ([c, v]) => `add column ${c} double precision generated always as (${v}) stored`,
    );
    await sql.raw(`alter table spas ${columns.join(', ')}`).execute(db);
  } else {
    for (const [c, v] of parts) {
      await sql.raw(`alter table spas add column ${c} real generated always as (${v}) virtual`).execute(db);
    }
  }
  if (engine === 'postgres') {
    await sql`create index spas_place on spas (latitude, longitude) include (id, ux, uy, uz)`.execute(db);
    await sql`drop index if exists spas_lat_lng_id`.execute(db);
  } else {
    await sql`create index spas_place on spas (latitude, longitude, ux, uy, uz)`.execute(db);
    await sql`drop index if exists spas_lat_lng`.execute(db);
  }
  await sql`analyze spas`.execute(db);
}

/** PostgreSQL: the rewritten table is vacuumed after the migrations, so that its index-only scans work at once. */
export const vacuumAfter = ['spas'];
