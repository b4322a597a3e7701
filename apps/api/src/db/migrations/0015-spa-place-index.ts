import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * PostgreSQL: the spas' place index carries their ids, so that "spas near a
 * place" (a bounding box, then each candidate's distance) reads index entries
 * alone instead of one table row per candidate: within 100 km of Mumbai, 9,173
 * candidates in 5,996 table pages took 46 ms warm, and 18 ms from the index.
 * On SQLite every index already carries the row's id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  await sql`create index if not exists spas_lat_lng_id on spas (latitude, longitude) include (id)`.execute(
    db,
  );
  await sql`drop index if exists spas_lat_lng`.execute(db);
  await sql`analyze spas`.execute(db);
}
