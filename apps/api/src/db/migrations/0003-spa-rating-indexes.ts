import type { Kysely } from 'kysely';

/** Spa search pages are ordered by rating: these let a page be read in order instead of sorted. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('spas_rating').on('spas').columns(['rating', 'id']).execute();
  await db.schema.createIndex('spas_state_rating').on('spas').columns(['state', 'rating', 'id']).execute();
}
