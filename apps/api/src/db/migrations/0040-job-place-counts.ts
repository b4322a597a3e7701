import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * The open jobs of each state, city and category (decision 73), so that a listing filtered by no more
 * than those reads its count from a few rows instead of counting its jobs in an index, and the planner's
 * summary reads them instead of scanning every open job.
 *
 * A row counts as decision 67's spa rows do:
 * - `open_jobs`: the active jobs of its state, city and category that had not expired at `open_jobs_from`;
 * - `open_jobs_until`: the earliest expiry among them (null when none of them expires).
 *
 * The count is the open jobs exactly at any time from `open_jobs_from` to just before `open_jobs_until`.
 * Triggers keep it in the transaction of every write to the jobs, with no clock: a counted job adds one
 * and lowers `open_jobs_until` to its expiry; a removed one takes one away. A job of a state, city and
 * category not seen before adds its row, counted from time 0. The server counts again, every minute, the
 * rows whose `open_jobs_until` has passed (`JobRepository.recountPlaces`), found by their index.
 *
 * On PostgreSQL a statement's jobs are applied at once (transition tables): the rows for new places are
 * added first, then every row the statement changes is locked in key order, and the counts are read in
 * a statement of their own, which sees every change committed before the locks were had.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const now = Date.now();
  await sql`create table job_place_counts (
      state text not null,
      city text not null,
      category text not null,
      open_jobs integer not null,
      open_jobs_from bigint not null,
      open_jobs_until bigint,
      primary key (state, city, category)
    )`.execute(db);
  await sql`insert into job_place_counts (state, city, category, open_jobs, open_jobs_from, open_jobs_until)
    select state, city, category, count(*), ${sql.lit(now)}, min(expires_at) from jobs
    where is_active = 1 and (expires_at is null or expires_at > ${sql.lit(now)})
    group by state, city, category`.execute(db);
  await sql`create index job_place_counts_until on job_place_counts (open_jobs_until)
    where open_jobs_until is not null`.execute(db);
  // A listing by city, or by category, alone finds its rows without reading the others.
  await sql`create index job_place_counts_city on job_place_counts (city, category)`.execute(db);
  await sql`create index job_place_counts_category on job_place_counts (category)`.execute(db);
  if (engine === 'sqlite') return sqliteTriggers(db);

  const place = (x: string) => `(${x}.state, ${x}.city, ${x}.category)`;
  const counted = (j: string) =>
    `${j}.is_active = 1 and (${j}.expires_at is null or ${j}.expires_at > c.open_jobs_from)`;
  // Rows for places not seen before, in key order (an insert that meets another's waits for it).
  const addPlaces = (jobs: string) => `
      insert into job_place_counts (state, city, category, open_jobs, open_jobs_from)
        select distinct x.state, x.city, x.category, 0, 0::bigint from ${jobs} as x where x.is_active = 1
        order by 1, 2, 3
        on conflict do nothing;`;
  const lock = (jobs: string[]) => `
      perform 1 from job_place_counts c where ${place('c')} in (${jobs
        .map((j) => `select x.state, x.city, x.category from ${j} as x where x.is_active = 1`)
        .join(' union ')})
        order by c.state, c.city, c.category for no key update;`;
  const apply = (jobs: string, sign: '+' | '-') => `
      with d as (
        select c.state, c.city, c.category, count(*) as n, min(j.expires_at) as until
        from ${jobs} as j join job_place_counts c on ${place('c')} = ${place('j')}
        where ${counted('j')} group by c.state, c.city, c.category)
      update job_place_counts c set open_jobs = c.open_jobs ${sign} d.n${
        sign === '+' ? ', open_jobs_until = least(c.open_jobs_until, d.until)' : ''
      }
      from d where ${place('c')} = ${place('d')};`;
  await sql
    .raw(
      `create function job_place_counts_added() returns trigger language plpgsql as $$
      begin ${addPlaces('added')} ${lock(['added'])} ${apply('added', '+')} return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function job_place_counts_removed() returns trigger language plpgsql as $$
      begin ${lock(['removed'])} ${apply('removed', '-')} return null; end $$`,
    )
    .execute(db);
  // An update that changes none of the place, the category, whether the job is active, or its expiry (a
  // view counted, an edit of its text) changes no count; one that does takes its jobs' old rows away and
  // adds the new, with the rows of both locked together.
  const moved = (side: 'o' | 'n') => `(select ${side}.* from old_jobs o join new_jobs n on n.id = o.id
      where (o.state, o.city, o.category, o.is_active, o.expires_at)
        is distinct from (n.state, n.city, n.category, n.is_active, n.expires_at))`;
  await sql
    .raw(
      `create function job_place_counts_changed() returns trigger language plpgsql as $$
      begin
        if not exists ${moved('o')} then return null; end if;
        ${addPlaces(moved('n'))}
        ${lock([moved('o'), moved('n')])}
        ${apply(moved('o'), '-')}
        ${apply(moved('n'), '+')}
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger job_place_counts_insert after insert on jobs referencing new table as added
    for each statement execute function job_place_counts_added()`.execute(db);
  await sql`create trigger job_place_counts_delete after delete on jobs referencing old table as removed
    for each statement execute function job_place_counts_removed()`.execute(db);
  await sql`create trigger job_place_counts_update after update on jobs
    referencing old table as old_jobs new table as new_jobs
    for each statement execute function job_place_counts_changed()`.execute(db);
  await sql`analyze job_place_counts`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const at = (j: 'new' | 'old') => `state = ${j}.state and city = ${j}.city and category = ${j}.category`;
  const added = `
      insert or ignore into job_place_counts (state, city, category, open_jobs, open_jobs_from)
        select new.state, new.city, new.category, 0, 0 where new.is_active = 1;
      update job_place_counts set open_jobs = open_jobs + 1,
        open_jobs_until = case when new.expires_at is not null and (open_jobs_until is null or new.expires_at < open_jobs_until)
          then new.expires_at else open_jobs_until end
      where ${at('new')} and new.is_active = 1 and (new.expires_at is null or new.expires_at > open_jobs_from);`;
  const removed = `update job_place_counts set open_jobs = open_jobs - 1
      where ${at('old')} and old.is_active = 1 and (old.expires_at is null or old.expires_at > open_jobs_from);`;
  for (const statement of [
    `create trigger job_place_counts_insert after insert on jobs begin ${added} end`,
    `create trigger job_place_counts_delete after delete on jobs begin ${removed} end`,
    `create trigger job_place_counts_update after update of state, city, category, is_active, expires_at on jobs
      when old.state is not new.state or old.city is not new.city or old.category is not new.category
        or old.is_active is not new.is_active or old.expires_at is not new.expires_at
      begin ${removed} ${added} end`,
  ])
    await sql.raw(statement).execute(db);
}
