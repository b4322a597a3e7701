import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function withId<T extends string>(tb: CreateTableBuilder<T>, engine: Engine) {
  return engine === 'postgres'
    ? tb.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Employers and admins (docs/decisions/0017-employers-and-moderation.md).
 * Whether a job is open stays a matter of jobs.is_active and jobs.expires_at
 * alone: status and moderation are kept beside them, and is_active is 1 only
 * for an active, approved job.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();

  // Imported and demo spas are "listed": on the board, but no employer has claimed them.
  await db.schema
    .alterTable('spas')
    .addColumn('verification', 'text', (c) => c.notNull().defaultTo('listed'))
    .execute();
  await db.schema.alterTable('spas').addColumn('verification_note', 'text').execute();
  await db.schema.alterTable('spas').addColumn('whatsapp', 'text').execute();
  await db.schema.alterTable('spas').addColumn('digest_sent_at', 'bigint').execute();
  await db.schema.createIndex('spas_verification').on('spas').column('verification').execute();

  await db.schema
    .alterTable('jobs')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('moderation', 'text', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await db.schema.alterTable('jobs').addColumn('moderation_note', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('posted_by', 'integer').execute();
  await sql`update jobs set status = 'closed' where is_active = 0`.execute(db);
  await db.schema.createIndex('jobs_moderation').on('jobs').columns(['moderation', 'created_at']).execute();

  await db.schema.alterTable('applications').addColumn('interview_at', 'text').execute();
  await db.schema.alterTable('applications').addColumn('interview_place', 'text').execute();
  await db.schema.alterTable('applications').addColumn('spa_notified_at', 'bigint').execute();
  await db.schema
    .createIndex('applications_job_applied')
    .on('applications')
    .columns(['job_id', 'applied_at'])
    .execute();
  await db.schema
    .createIndex('applications_spa_notified')
    .on('applications')
    .column('spa_notified_at')
    .execute();
  // Applications made before spas had employers are nobody's news.
  await sql`update applications set spa_notified_at = applied_at`.execute(db);
  // Finds the next job to expire, so that cached listings can be dropped the moment it does.
  await db.schema
    .createIndex('jobs_active_expires')
    .on('jobs')
    .columns(['is_active', 'expires_at'])
    .execute();

  await db.schema.alterTable('contact_messages').addColumn('handled_at', 'bigint').execute();
  await db.schema.alterTable('contact_messages').addColumn('handled_by', 'integer').execute();

  await withId(db.schema.createTable('spa_members'), engine)
    .addColumn('spa_id', 'integer', (c) => c.notNull().references('spas.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('spa_members_spa_user', ['spa_id', 'user_id'])
    .execute();
  await db.schema.createIndex('spa_members_user').on('spa_members').columns(['user_id', 'spa_id']).execute();

  await withId(db.schema.createTable('application_events'), engine)
    .addColumn('application_id', 'integer', (c) =>
      c.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('interview_at', 'text')
    .addColumn('interview_place', 'text')
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_events_application')
    .on('application_events')
    .columns(['application_id', 'changed_at'])
    .execute();

  await withId(db.schema.createTable('job_reports'), engine)
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolution', 'text')
    .execute();
  await db.schema
    .createIndex('job_reports_open')
    .on('job_reports')
    .columns(['resolved_at', 'created_at'])
    .execute();

  await withId(db.schema.createTable('audit_log'), engine)
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
}
