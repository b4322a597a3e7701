import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Job alerts (docs/decisions/0021-job-alerts.md): a saved search per row,
 * confirmed by a link whose token is kept hashed, with its high-water mark
 * (jobs posted after `hwm_at` are new to it), when its next digest is due and
 * the lease of the scheduler that is sending it. Addresses confirmed once are
 * kept, so later alerts for them start at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('job_alerts')
    .addColumn('id', 'integer', (c) =>
      engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('query_key', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('confirm_token_hash', 'text')
    .addColumn('confirm_expires_at', 'bigint')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('hwm_at', 'bigint', (c) => c.notNull())
    .addColumn('next_due_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', 'bigint')
    .addColumn('digests_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One alert per search and address; the count per address is read from here too.
  await db.schema
    .createIndex('job_alerts_email_query')
    .on('job_alerts')
    .columns(['email', 'query_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('job_alerts_confirm_token')
    .on('job_alerts')
    .column('confirm_token_hash')
    .unique()
    .execute();
  await db.schema.createIndex('job_alerts_user').on('job_alerts').column('user_id').execute();
  // Due alerts, oldest first; paused and unconfirmed ones have no due time.
  await db.schema.createIndex('job_alerts_due').on('job_alerts').columns(['next_due_at', 'id']).execute();

  await db.schema
    .createTable('alert_addresses')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('confirmed_at', 'bigint', (c) => c.notNull())
    .execute();
}
