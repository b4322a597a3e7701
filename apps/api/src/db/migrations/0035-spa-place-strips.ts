import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Spas by latitude strip of a tenth of a degree (`place_strip`, computed by the database from the
 * latitude), then longitude: a circle is read as one longitude range in each strip it crosses, against
 * the latitude band of the place index, whose entries outside the circle's longitudes were each read and
 * tested. Within each range, the spas whose longitude is surely inside the circle are counted without
 * the distance test (decision 62). The strip width is `STRIPS_PER_DEGREE` in lib/geo.ts. The index
 * carries what the circle's test and a page's order read, so no table row is read until the page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table spas add column place_strip integer
      generated always as (floor(latitude * 10)::integer) stored`.execute(db);
    await sql`create index spas_place_strips on spas (place_strip, longitude)
      include (id, latitude, ux, uy, uz)`.execute(db);
  } else {
    await sql`alter table spas add column place_strip integer
      generated always as (cast(floor(latitude * 10) as integer)) virtual`.execute(db);
    await sql`create index spas_place_strips on spas (place_strip, longitude, latitude, ux, uy, uz)`.execute(
      db,
    );
  }
  await sql`drop index if exists spas_place`.execute(db);
  await sql`analyze spas`.execute(db);
}

/** PostgreSQL: the rewritten table is vacuumed after the migrations, so that its index-only scans work at once. */
export const vacuumAfter = ['spas'];
