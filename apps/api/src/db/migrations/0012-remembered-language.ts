import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The language a person last used the site in ('en' or 'hi'; null until
 * known), so that e-mails go in it (decision 0025): an account's, updated on
 * sign-in, registration, profile save and application; and an application's,
 * for a guest, who has no account.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema.alterTable('applications').addColumn('language', 'text').execute();
}
