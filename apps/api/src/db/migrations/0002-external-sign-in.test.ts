import { afterEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, type Db } from '../database.ts';
import { TEST_PG_URL } from '../../../test/helpers.ts';
import pg from 'pg';
import * as initial from './0001-initial.ts';
import * as externalSignIn from './0002-external-sign-in.ts';

let database: Db | undefined;
let schema: string | undefined;
afterEach(async () => {
  await database?.destroy();
  if (schema) {
    const client = new pg.Client({ connectionString: TEST_PG_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  database = undefined;
  schema = undefined;
});

async function open(): Promise<Db> {
  if (process.env.TEST_DB === 'postgres') {
    schema = `m_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    return createDb({ databaseUrl: TEST_PG_URL, pgSchema: schema, poolSize: 1 });
  }
  return createDb({ sqliteFile: ':memory:' });
}

it('lets the phone be empty while keeping accounts, their applications, uniqueness and references', async () => {
  database = await open();
  const { db, engine } = database;
  await initial.up(db as never, engine);
  const now = Date.now();
  const spa = await db
    .insertInto('spas')
    .values({
      name: 'Lotus Spa',
      category: 'Spa & Massage',
      gallery_images: '[]',
      rating: 4,
      reviews_count: 0,
      city: 'Pune',
      state: 'Maharashtra',
      full_address: 'Pune',
      latitude: 18.5,
      longitude: 73.8,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('jobs')
    .values({
      spa_id: spa.id,
      title: 'Spa Therapist',
      salary: '₹20,000',
      experience: '1 year',
      category: 'Spa & Massage',
      city: 'Pune',
      state: 'Maharashtra',
      location: 'Pune',
      description: 'Massage',
      requirements: 'Certificate',
      posted_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      email: 'asha@example.in',
      phone: '9876543210',
      firstname: 'Asha',
      lastname: 'Nair',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('applications').values({ job_id: job.id, user_id: user.id, applied_at: now }).execute();

  await externalSignIn.up(db as never, engine);

  // The account and its application are still there, with the same id.
  const kept = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  expect(kept).toMatchObject({ email: 'asha@example.in', phone: '9876543210', role: 'user' });
  expect(await db.selectFrom('applications').select('user_id').execute()).toEqual([{ user_id: user.id }]);

  // Several accounts without a phone; a phone, when present, is still unique.
  const noPhone = { lastname: 'Iyer', created_at: now, updated_at: now, phone: null };
  await db
    .insertInto('users')
    .values({ ...noPhone, email: 'a@example.in', firstname: 'A' })
    .execute();
  await db
    .insertInto('users')
    .values({ ...noPhone, email: 'b@example.in', firstname: 'B' })
    .execute();
  await expect(
    db
      .insertInto('users')
      .values({ ...noPhone, email: 'c@example.in', firstname: 'C', phone: '9876543210' })
      .execute(),
  ).rejects.toThrow();
  // New ids continue after the old ones.
  const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
  expect(ids[0]).toBe(user.id);
  expect(new Set(ids).size).toBe(3);

  // References still hold: an application for an unknown account is refused,
  // and removing the account removes its applications.
  await expect(
    db.insertInto('applications').values({ job_id: job.id, user_id: 999_999, applied_at: now }).execute(),
  ).rejects.toThrow();
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  expect(await db.selectFrom('applications').select('id').execute()).toEqual([]);

  if (engine === 'sqlite') {
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(
      1,
    );
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'index' and tbl_name = 'users'`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toContain('users_role');
  }
});
