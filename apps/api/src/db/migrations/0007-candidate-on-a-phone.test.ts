import { afterEach, expect, it } from 'vitest';
import pg from 'pg';
import { createDb, type Db } from '../database.ts';
import { TEST_PG_URL } from '../../../test/helpers.ts';
import * as initial from './0001-initial.ts';
import * as guestPhone from './0007-guest-phone-applications.ts';
import * as jobNumbers from './0007b-job-salary-experience.ts';

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

it('keeps applications, lets a guest give only a phone, and fills salary and experience numbers', async () => {
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
  const job = (salary: string, experience: string) =>
    db
      .insertInto('jobs')
      .values({
        spa_id: spa.id,
        title: 'Spa Therapist',
        salary,
        experience,
        category: 'Spa & Massage',
        city: 'Pune',
        state: 'Maharashtra',
        location: 'Pune',
        description: 'Massage',
        requirements: 'Certificate',
        posted_at: now,
        created_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  const a = await job('₹18,000 - ₹24,000 per month', 'Fresher');
  const b = await job('As per experience', '3-5 years');
  const guest = { job_id: a.id, guest_name: 'Kavya', applied_at: now };
  await db
    .insertInto('applications')
    .values({ ...guest, guest_email: 'kavya@example.in' })
    .execute();

  await guestPhone.up(db as never, engine);
  await jobNumbers.up(db as never, engine);

  // The old row is still there; a phone alone is enough now; a guest with neither is refused.
  expect(await db.selectFrom('applications').select('guest_email').execute()).toEqual([
    { guest_email: 'kavya@example.in' },
  ]);
  await db
    .insertInto('applications')
    .values({ ...guest, guest_phone: '9820055555' })
    .execute();
  await expect(db.insertInto('applications').values(guest).execute()).rejects.toThrow();

  const numbers = await db
    .selectFrom('jobs')
    .select(['id', 'salary_min', 'experience_min'])
    .orderBy('id')
    .execute();
  expect(numbers).toEqual([
    { id: a.id, salary_min: 18_000, experience_min: 0 },
    { id: b.id, salary_min: null, experience_min: 3 },
  ]);
});
