import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function withId<T extends string>(tb: CreateTableBuilder<T>, engine: Engine) {
  return engine === 'postgres'
    ? tb.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await withId(db.schema.createTable('spas'), engine)
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('Spa & Massage'))
    .addColumn('logo', 'text')
    .addColumn('website', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('address_line', 'text')
    .addColumn('district', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text')
    .addColumn('full_address', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull().check(sql`latitude between -90 and 90`))
    .addColumn('longitude', 'double precision', (c) => c.notNull().check(sql`longitude between -180 and 180`))
    .addColumn('map_link', 'text')
    .addColumn('google_map', 'text')
    .addColumn('gallery_images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('opening_hours', 'text')
    .addColumn('closing_hours', 'text')
    .addColumn('rating', 'double precision', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`rating between 0 and 5`),
    )
    .addColumn('reviews_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spas_lat_lng').on('spas').columns(['latitude', 'longitude']).execute();
  await db.schema.createIndex('spas_state_city').on('spas').columns(['state', 'city']).execute();
  await db.schema.createIndex('spas_name').on('spas').column('name').execute();

  await withId(db.schema.createTable('jobs'), engine)
    .addColumn('external_id', 'text', (c) => c.unique())
    .addColumn('spa_id', 'integer', (c) => c.notNull().references('spas.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('salary', 'text', (c) => c.notNull())
    .addColumn('experience', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('vacancies', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`vacancies >= 0`),
    )
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo('Any'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('requirements', 'text', (c) => c.notNull())
    .addColumn('hr_phone', 'text')
    .addColumn('hr_whatsapp', 'text')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('posted_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('is_active', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`is_active in (0, 1)`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_active_posted').on('jobs').columns(['is_active', 'posted_at']).execute();
  await db.schema.createIndex('jobs_city_posted').on('jobs').columns(['city', 'posted_at']).execute();
  await db.schema.createIndex('jobs_state_posted').on('jobs').columns(['state', 'posted_at']).execute();
  await db.schema.createIndex('jobs_category_posted').on('jobs').columns(['category', 'posted_at']).execute();
  await db.schema
    .createIndex('jobs_spa_active')
    .on('jobs')
    .columns(['spa_id', 'is_active', 'expires_at', 'posted_at'])
    .execute();
  // Covering indexes so that counting matches of a title search reads the index only.
  await db.schema
    .createIndex('jobs_city_title')
    .on('jobs')
    .columns(['city', 'is_active', 'title', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('jobs_title')
    .on('jobs')
    .columns(['is_active', 'title', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('jobs_summary')
    .on('jobs')
    .columns(['is_active', 'state', 'city', 'category', 'expires_at'])
    .execute();

  await withId(db.schema.createTable('users'), engine)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('Male', 'Female')`))
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('user', 'employer', 'admin')`),
    )
    .addColumn('dob', 'text')
    .addColumn('qualification', 'text')
    .addColumn('experience', 'text')
    .addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('address', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('resume', 'text')
    .addColumn('sessions_valid_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role').on('users').column('role').execute();

  await withId(db.schema.createTable('applications'), engine)
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_name', 'text')
    .addColumn('guest_email', 'text')
    .addColumn('guest_phone', 'text')
    .addColumn('resume', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('applied'))
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'applications_applicant',
      sql`(user_id is not null) or (guest_email is not null and guest_name is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('applications_user')
    .on('applications')
    .columns(['user_id', 'applied_at'])
    .execute();
  await db.schema
    .createIndex('applications_job_user')
    .on('applications')
    .columns(['job_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('applications_job_guest')
    .on('applications')
    .columns(['job_id', 'guest_email'])
    .execute();

  await withId(db.schema.createTable('contact_messages'), engine)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('location', 'text')
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`subject in ('jobs', 'services')`))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('password_reset_tokens'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
