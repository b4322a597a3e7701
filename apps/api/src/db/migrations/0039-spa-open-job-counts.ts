import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * Each spa carries how many open jobs it has (decision 67), so that a page of spas reads its counts from
 * the spas' own rows instead of a count in the jobs' index for each spa.
 *
 * - `open_jobs`: the spa's active jobs that had not expired at `open_jobs_from` (epoch ms).
 * - `open_jobs_until`: the earliest expiry among those jobs (null when none of them expires).
 *
 * The count is a spa's open jobs at any time from `open_jobs_from` to just before `open_jobs_until`; a
 * read at another time counts the spa's jobs as before. Triggers keep it in the transaction of every
 * write to the jobs by adding and taking away (a job counted when it is active and expires after the
 * spa's `open_jobs_from`), and lower `open_jobs_until` to a counted job's expiry, so they need no clock.
 * The server counts again, every minute, the spas whose `open_jobs_until` has passed
 * (`SpaRepository.recountOpenJobs`), found by their index.
 *
 * On PostgreSQL a statement's jobs are applied at once (transition tables), their spas' rows locked in
 * order of id first, so that a recount (which locks its spas the same way) and a statement of jobs never
 * miss each other's changes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const now = Date.now();
  for (const statement of [
    `alter table spas add column open_jobs integer not null default 0`,
    `alter table spas add column open_jobs_from bigint not null default 0`,
    `alter table spas add column open_jobs_until bigint`,
  ])
    await sql.raw(statement).execute(db);
  await sql`update spas set (open_jobs, open_jobs_from, open_jobs_until) = (
      select count(*), ${sql.lit(now)}, min(j.expires_at) from jobs j
      where j.spa_id = spas.id and j.is_active = 1 and (j.expires_at is null or j.expires_at > ${sql.lit(now)}))`.execute(
    db,
  );
  await sql`create index spas_open_jobs_until on spas (open_jobs_until) where open_jobs_until is not null`.execute(
    db,
  );
  if (engine === 'sqlite') return sqliteTriggers(db);

  // Jobs counted by their spa's row: active, and expiring after the time the spa's count is for.
  const counted = (j: string) =>
    `${j}.is_active = 1 and (${j}.expires_at is null or ${j}.expires_at > s.open_jobs_from)`;
  // Adds (or takes away) the counted jobs of a set of rows, and lowers each spa's `open_jobs_until` to the
  // earliest expiry among those added. The spas' rows are locked first, in order of id; the counts are
  // then read in a statement of their own, which sees every change committed before the locks were had.
  const apply = (jobs: string, sign: '+' | '-') => `
      perform 1 from spas where id in (select x.spa_id from ${jobs} as x where x.is_active = 1)
        order by id for no key update;
      with d as (
        select s.id, count(*) as n, min(j.expires_at) as until from ${jobs} as j join spas s on s.id = j.spa_id
        where ${counted('j')} group by s.id)
      update spas s set open_jobs = s.open_jobs ${sign} d.n${
        sign === '+' ? ', open_jobs_until = least(s.open_jobs_until, d.until)' : ''
      }
      from d where s.id = d.id;`;
  await sql
    .raw(
      `create function spa_open_jobs_added() returns trigger language plpgsql as $$
      begin ${apply('added', '+')} return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function spa_open_jobs_removed() returns trigger language plpgsql as $$
      begin ${apply('removed', '-')} return null; end $$`,
    )
    .execute(db);
  // An update that changes none of the spa, whether the job is active, or its expiry (a view counted, an
  // edit of its text) changes no count; one that does takes its jobs' old rows away and adds the new.
  const moved = (side: 'o' | 'n') => `(select ${side}.* from old_jobs o join new_jobs n on n.id = o.id
      where (o.spa_id, o.is_active, o.expires_at) is distinct from (n.spa_id, n.is_active, n.expires_at))`;
  await sql
    .raw(
      `create function spa_open_jobs_changed() returns trigger language plpgsql as $$
      begin
        if not exists ${moved('o')} then return null; end if;
        ${apply(moved('o'), '-')}
        ${apply(moved('n'), '+')}
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger spa_open_jobs_insert after insert on jobs referencing new table as added
    for each statement execute function spa_open_jobs_added()`.execute(db);
  await sql`create trigger spa_open_jobs_delete after delete on jobs referencing old table as removed
    for each statement execute function spa_open_jobs_removed()`.execute(db);
  await sql`create trigger spa_open_jobs_update after update on jobs
    referencing old table as old_jobs new table as new_jobs
    for each statement execute function spa_open_jobs_changed()`.execute(db);
  await sql`analyze spas`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const counted = (j: 'new' | 'old') =>
    `${j}.is_active = 1 and (${j}.expires_at is null or ${j}.expires_at > open_jobs_from)`;
  const added = `update spas set open_jobs = open_jobs + 1,
        open_jobs_until = case when new.expires_at is not null and (open_jobs_until is null or new.expires_at < open_jobs_until)
          then new.expires_at else open_jobs_until end
      where id = new.spa_id and ${counted('new')};`;
  const removed = `update spas set open_jobs = open_jobs - 1 where id = old.spa_id and ${counted('old')};`;
  for (const statement of [
    `create trigger spa_open_jobs_insert after insert on jobs begin ${added} end`,
    `create trigger spa_open_jobs_delete after delete on jobs begin ${removed} end`,
    `create trigger spa_open_jobs_update after update of spa_id, is_active, expires_at on jobs
      when old.spa_id is not new.spa_id or old.is_active is not new.is_active or old.expires_at is not new.expires_at
      begin ${removed} ${added} end`,
  ])
    await sql.raw(statement).execute(db);
}

/** PostgreSQL: every spa's row was written again; vacuumed after the migrations, so that its index-only scans work at once. */
export const vacuumAfter = ['spas'];
