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
 * External sign-in (docs/decisions/0009-external-sign-in.md):
 * - an account made through Google or Facebook has no phone number yet, so
 *   users.phone may be empty (still unique when present);
 * - user_identities links a provider's account (provider, subject) to ours;
 * - oauth_login_codes holds the single-use codes the web app exchanges for a
 *   session, stored as hashes.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table users alter column phone drop not null`.execute(db);
  } else {
    await relaxSqlitePhone(db);
  }

  await withId(db.schema.createTable('user_identities'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_identities_provider_subject', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

  await withId(db.schema.createTable('oauth_login_codes'), engine)
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_login_codes_expires')
    .on('oauth_login_codes')
    .column('expires_at')
    .execute();
}

/**
 * SQLite cannot drop a NOT NULL constraint: the table is rebuilt from its own
 * definition with only that constraint removed, keeping every row, id,
 * index and the references other tables hold to it. Foreign keys are off
 * meanwhile, or dropping the old table would delete the rows that refer to it.
 */
async function relaxSqlitePhone(db: AnyDb): Promise<void> {
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'users'`.execute(db);
  const table = objects.rows.find((o) => o.type === 'table');
  if (!table?.sql) throw new Error('users table not found');
  const relaxed = table.sql.replace(/("phone" text) not null/i, '$1');
  if (relaxed === table.sql) throw new Error('users.phone definition not recognised');
  const createNew = relaxed.replace(/^create table "?users"?/i, 'create table "users_rebuilt"');
  const indexes = objects.rows.filter((o) => o.type === 'index' && o.sql).map((o) => o.sql!);

  await sql`pragma foreign_keys = off`.execute(db);
  const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (fk.rows[0]?.foreign_keys !== 0) throw new Error('cannot rebuild users with foreign keys on');
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(createNew).execute(trx);
      await sql`insert into users_rebuilt select * from users`.execute(trx);
      await sql`drop table users`.execute(trx);
      await sql`alter table users_rebuilt rename to users`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('users rebuild broke a reference');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** SQLite: the rebuild runs in a transaction of its own, foreign keys off outside it (decision 63). */
export const ownTransaction = true;
