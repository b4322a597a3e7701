import { hostname } from 'node:os';
import type { Db } from '../db/database.ts';

/** Who claims a run: the machine and process, for operators reading the table. */
export const INSTANCE_ID = `${hostname()}:${process.pid}`;

export interface ClaimOptions {
  /** The next run may start this long after this one. */
  everyMs: number;
  now?: number;
  owner?: string;
}

/**
 * Claims the run of `name` that is due now, for this instance alone: one
 * conditional update moves the next run forward, and only the instance whose
 * update changed the row goes on. On PostgreSQL a second instance's update
 * waits for the first to commit, finds the run no longer due and changes
 * nothing; SQLite has one writer at a time. True when the run is ours.
 */
export async function claimRun(database: Db, name: string, opts: ClaimOptions): Promise<boolean> {
  const now = opts.now ?? Date.now();
  const { db } = database;
  await db
    .insertInto('scheduled_runs')
    .values({ name, next_run_at: 0, claimed_by: null, claimed_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const claimed = await db
    .updateTable('scheduled_runs')
    .set({ next_run_at: now + opts.everyMs, claimed_by: opts.owner ?? INSTANCE_ID, claimed_at: now })
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Records a run of `name` done now by other means (a command-line load that did the work itself): the next
 * one is due `everyMs` from now, so that the server started next does not do it again at once.
 */
export async function recordRun(database: Db, name: string, opts: ClaimOptions): Promise<void> {
  const now = opts.now ?? Date.now();
  const row = { next_run_at: now + opts.everyMs, claimed_by: opts.owner ?? INSTANCE_ID, claimed_at: now };
  await database.db
    .insertInto('scheduled_runs')
    .values({ name, ...row })
    .onConflict((oc) => oc.column('name').doUpdateSet(row))
    .execute();
}

export interface ScheduleOptions {
  database: Db;
  /** The work's name in scheduled_runs. */
  name: string;
  /** At most one run per this long, across every instance. */
  everyMs: number;
  /** How often this instance looks whether a run is due (default: everyMs, at most an hour). */
  checkEveryMs?: number;
  /** Look once at once too (start-up work). */
  runAtStart?: boolean;
  run: () => Promise<unknown>;
  onError: (err: unknown) => void;
}

export interface Schedule {
  /** Claims and runs the work if it is due; true when this instance ran it. */
  tick(now?: number): Promise<boolean>;
  stop(): void;
}

/**
 * Runs `run` at most once per `everyMs` however many instances schedule it:
 * each instance looks every `checkEveryMs` and runs the work only when its
 * claim succeeds. A run whose instance dies midway is not repeated before the
 * next one is due.
 */
export function schedule(opts: ScheduleOptions): Schedule {
  let running: Promise<boolean> | null = null;
  const tick = (now?: number): Promise<boolean> => {
    running ??= (async () => {
      try {
        if (!(await claimRun(opts.database, opts.name, { everyMs: opts.everyMs, ...(now ? { now } : {}) })))
          return false;
        await opts.run();
        return true;
      } catch (err) {
        opts.onError(err);
        return false;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), opts.checkEveryMs ?? Math.min(opts.everyMs, 3600_000));
  timer.unref();
  if (opts.runAtStart) void tick();
  return { tick, stop: () => clearInterval(timer) };
}
