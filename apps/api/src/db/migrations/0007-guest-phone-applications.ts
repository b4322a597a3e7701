import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/** What the applicant check allowed before: a guest needed a name and an e-mail. */
const OLD_CHECK = '(user_id is not null) or (guest_email is not null and guest_name is not null)';
/** A guest now needs a name and an e-mail or a phone number. */
const NEW_CHECK =
  '(user_id is not null) or (guest_name is not null and (guest_email is not null or guest_phone is not null))';

/**
 * Guests may apply with a phone number instead of an e-mail address: the
 * applicant check loosens, and the 15-day rule looks guests up by phone too.
 * Deleting an account removes what was sent with its e-mail or phone, found
 * through indexes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table applications drop constraint applications_applicant`.execute(db);
    await sql`alter table applications add constraint applications_applicant check (${sql.raw(NEW_CHECK)})`.execute(
      db,
    );
  } else {
    await rebuildSqliteApplications(db);
  }
  // The 15-day rule finds a guest by job and phone; deleting an account finds
  // the guest applications and messages sent with its e-mail or phone.
  await db.schema
    .createIndex('applications_guest_phone')
    .on('applications')
    .columns(['guest_phone', 'job_id'])
    .execute();
  await db.schema.createIndex('applications_guest_email').on('applications').column('guest_email').execute();
  await db.schema.createIndex('contact_messages_email').on('contact_messages').column('email').execute();
  await db.schema.createIndex('contact_messages_phone').on('contact_messages').column('phone').execute();
}

/**
 * SQLite cannot change a check constraint in place. The table is rebuilt from
 * its own stored definition with only the check replaced (so columns added by
 * other migrations are kept), following SQLite's documented procedure: foreign
 * keys off, copy, drop, rename, indexes again, foreign keys checked, on again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuildSqliteApplications(db: Kysely<any>): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'applications'`.execute(db);
  const createSql = table.rows[0]?.sql;
  if (!createSql) throw new Error('applications table not found');
  const normalized = createSql.replace(/\s+/g, ' ');
  const oldCheck = OLD_CHECK.replace(/\s+/g, ' ');
  if (!normalized.includes(oldCheck)) throw new Error('applications check constraint not recognised');
  const newCreate = normalized
    .replace(oldCheck, NEW_CHECK)
    .replace(/^create table ("?)applications\1/i, 'create table "applications_new"');
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master
    where type = 'index' and tbl_name = 'applications' and sql is not null`.execute(db);

  await sql`pragma foreign_keys = off`.execute(db);
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (fk.rows[0]?.foreign_keys !== 0) throw new Error('cannot rebuild applications with foreign keys on');
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(newCreate).execute(trx);
      await sql`insert into applications_new select * from applications`.execute(trx);
      await sql`drop table applications`.execute(trx);
      await sql`alter table applications_new rename to applications`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('applications rebuild broke a reference');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** SQLite: the rebuild runs in a transaction of its own, foreign keys off outside it (decision 63). */
export const ownTransaction = true;
