import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Text search from an index instead of a scan (decision 0013).
 *
 * SQLite: FTS5 tables with the trigram tokenizer over job titles,
 * descriptions and spa names, and over spa names alone, without a copy of the text (contentless,
 * with deletes) and without positions (detail=column): a search asks for the
 * rows holding every trigram of the word, and the real rows are then checked
 * with LIKE. Triggers keep them in step with every write, in the same
 * transaction as the write.
 *
 * PostgreSQL: pg_trgm GIN indexes, which ILIKE uses directly, on job titles,
 * descriptions and a copy of the spa's name on each job (kept by triggers),
 * and on spa names.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    const ops = await trigramOperatorClass(db);
    // Each job carries its spa's name, kept by triggers, so that a keyword is one index
    // lookup per column and testing a job on a walk needs no look at its spa.
    await sql`alter table jobs add column spa_name text not null default ''`.execute(db);
    await sql`update jobs set spa_name = spas.name from spas where spas.id = jobs.spa_id`.execute(db);
    await sql
      .raw(
        `create function jobs_take_spa_name() returns trigger language plpgsql as $$
      begin
        new.spa_name := coalesce((select name from spas where id = new.spa_id), '');
        return new;
      end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger jobs_spa_name before insert or update of spa_id on jobs
      for each row execute function jobs_take_spa_name()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function spas_pass_name_to_jobs() returns trigger language plpgsql as $$
      begin
        update jobs set spa_name = new.name where spa_id = new.id;
        return new;
      end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger spas_name_to_jobs after update of name on spas
      for each row when (old.name is distinct from new.name) execute function spas_pass_name_to_jobs()`,
      )
      .execute(db);
    await sql`create index jobs_title_trgm on jobs using gin (title ${sql.raw(ops)})`.execute(db);
    await sql`create index jobs_description_trgm on jobs using gin (description ${sql.raw(ops)})`.execute(db);
    await sql`create index jobs_spa_name_trgm on jobs using gin (spa_name ${sql.raw(ops)})`.execute(db);
    await sql`create index spas_name_trgm on spas using gin (name ${sql.raw(ops)})`.execute(db);
    // The listing reads newest first with ties broken by id.
    await sql`create index jobs_active_posted_id on jobs (is_active, posted_at desc, id desc)`.execute(db);
    return;
  }
  // A walk for a common word in titles reads this index alone, newest first.
  await db.schema
    .createIndex('jobs_active_posted_title')
    .on('jobs')
    .columns(['is_active', 'posted_at', 'id', 'title', 'expires_at'])
    .execute();
  const fts = `content='', contentless_delete=1, tokenize='trigram case_sensitive 0', detail=column`;
  // A job's text includes its spa's name, so that a keyword finds both in one lookup.
  await sql.raw(`create virtual table jobs_fts using fts5(title, description, spa_name, ${fts})`).execute(db);
  await sql.raw(`create virtual table spas_fts using fts5(name, ${fts})`).execute(db);
  await sql`insert into jobs_fts (rowid, title, description, spa_name)
    select jobs.id, jobs.title, jobs.description, spas.name from jobs join spas on spas.id = jobs.spa_id`.execute(
    db,
  );
  await sql`insert into spas_fts (rowid, name) select id, name from spas`.execute(db);
  for (const statement of [
    `create trigger jobs_fts_insert after insert on jobs begin
       insert into jobs_fts (rowid, title, description, spa_name)
         values (new.id, new.title, new.description, (select name from spas where id = new.spa_id));
     end`,
    `create trigger jobs_fts_delete after delete on jobs begin
       delete from jobs_fts where rowid = old.id;
     end`,
    `create trigger jobs_fts_update after update of title, description, spa_id on jobs begin
       delete from jobs_fts where rowid = old.id;
       insert into jobs_fts (rowid, title, description, spa_name)
         values (new.id, new.title, new.description, (select name from spas where id = new.spa_id));
     end`,
    `create trigger spas_fts_insert after insert on spas begin
       insert into spas_fts (rowid, name) values (new.id, new.name);
     end`,
    `create trigger spas_fts_delete after delete on spas begin
       delete from spas_fts where rowid = old.id;
     end`,
    `create trigger spas_fts_update after update of name on spas begin
       delete from spas_fts where rowid = old.id;
       insert into spas_fts (rowid, name) values (new.id, new.name);
       delete from jobs_fts where rowid in (select id from jobs where spa_id = new.id);
       insert into jobs_fts (rowid, title, description, spa_name)
         select id, title, description, new.name from jobs where spa_id = new.id;
     end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

/**
 * pg_trgm's operator class, schema-qualified: the extension lives in one
 * schema of the database (public unless it was installed elsewhere), while
 * the app's tables may live in another (DATABASE_SCHEMA, the test schemas).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function trigramOperatorClass(db: Kysely<any>): Promise<string> {
  const find = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  let schema = await find();
  if (!schema) {
    // Several migrations may run at once (test runs, instances): one creates it, while
    // the others wait on this lock until the migration's transaction ends.
    await sql`select pg_advisory_xact_lock(7265438)`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    schema = await find();
  }
  if (!schema || !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('pg_trgm is not available');
  return `${schema}.gin_trgm_ops`;
}
