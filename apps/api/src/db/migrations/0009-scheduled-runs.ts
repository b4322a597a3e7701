import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * One row per piece of scheduled work (the spas' new-application digest, the
 * sweep of unused uploads): when it may run next and who last claimed it. An
 * instance runs the work only after moving `next_run_at` forward itself in
 * one conditional update, so with several instances each run happens once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'bigint')
    .execute();
}
