import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Each spa's reaches (decision 90): how far from it, in km, its 6th, 12th, 25th, 50th and 100th nearest spas
 * lie (itself the first), null where the board holds fewer. A circle around any point that reaches past a
 * spa's own circle holds as many spas as that one: a nearby page is read from such a circle (`nearJson`).
 * Kept by `refreshSpaReaches` (db/spa-reaches.ts), never by a spa's own write: a reach that a later write
 * made wrong costs a page a second read, never a wrong page.
 *
 * Keyed by strips of a hundredth of a degree of latitude, about 1.1 km, then longitude, so that the spas
 * next to a point are one short range of the key; the key carries what the bound reads (no row is read on
 * PostgreSQL, and SQLite's table is its key), and the refresh writes it range by range of the key.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const float = engine === 'postgres' ? 'double precision' : 'real';
  const reaches = ['r6', 'r12', 'r25', 'r50', 'r100'];
  await sql
    .raw(
      `create table spa_reaches (
        strip integer not null,
        longitude ${float} not null,
        spa_id integer not null,
        ux ${float} not null,
        uy ${float} not null,
        uz ${float} not null,
        ${reaches.map((r) => `${r} ${float}`).join(', ')},
        primary key (strip, longitude, spa_id)${engine === 'postgres' ? ` include (ux, uy, uz, ${reaches.join(', ')})` : ''}
      )${engine === 'postgres' ? '' : ' without rowid'}`,
    )
    .execute(db);
}
