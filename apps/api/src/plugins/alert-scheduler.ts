import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import {
  ALERT_DIGEST_JOBS,
  type AlertFrequency,
  type AlertLanguage,
  type AlertQuery,
} from '@spajobs/contract/alert';
import type { Config } from '../config.ts';
import type { JobAlertRow } from '../db/schema.ts';
import { digestMail, type AlertSite } from '../lib/alert-mail.ts';
import { NewJobIndex } from '../lib/alert-match.ts';
import { nextDigestAt } from '../lib/alert-schedule.ts';
import { unsubscribeToken } from '../lib/alert-tokens.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { AlertRepository, CandidateJob } from '../repositories/alert-repository.ts';

/**
 * Job-alert digests (docs/decisions/0021-job-alerts.md). A run reads the
 * jobs posted since the oldest due alert's high-water mark once, then claims
 * due alerts a batch at a time with a lease, matches each against those jobs
 * and sends its digest; the new mark, the next due time and "sent" are then
 * written in one statement (with those of digests sent meanwhile), only
 * while the lease is still held. A scheduler
 * that dies leaves its claimed alerts to be taken again once their lease runs
 * out, so nothing is lost; alerts are never claimed by two at once.
 */

export interface AlertLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AlertRunStats {
  /** Jobs new since the oldest due mark, read once for the run. */
  jobs: number;
  claimed: number;
  sent: number;
  /** Alerts with nothing new: no mail, mark moved on. */
  empty: number;
  /** Digests whose sending failed after its retries: due again later. */
  failed: number;
  /** Digests sent whose alert was no longer ours to mark (deleted meanwhile, or lease run out). */
  lost: number;
}

export interface AlertScheduler {
  readonly owner: string;
  /** Sends every digest due by `now`; resolves with what was done. */
  runOnce(now?: number): Promise<AlertRunStats>;
  /** Runs every `pollMs` until stopped. */
  start(): void;
  /** Stops after the batch being sent. */
  stop(): Promise<void>;
}

/** A job posted this shortly before a run may not be visible yet to every reader; the next run takes it. */
export const SETTLE_MS = 60_000;
/** However old an alert's mark, a digest looks back at most a month. */
const MAX_LOOKBACK_MS = 31 * 86_400_000;
/** Matching gives way to other work (visitors' requests) after holding the event loop this long. */
const SLICE_MS = 2;
/** Alerts with nothing new are marked this many to a statement. */
const MARK_SLICE = 100;

/** A claimed alert with something new: what its digest carries, and the mark it moves to once sent. */
interface Digest {
  row: JobAlertRow;
  query: AlertQuery;
  jobs: CandidateJob[];
  total: number;
  hwmAt: number;
}

/** One claim's alerts: all their ids (handed back if the batch fails), and the digests to send. */
interface Batch {
  ids: number[];
  digests: Digest[];
}

interface RunState {
  now: number;
  cutoff: number;
  index: NewJobIndex<CandidateJob>;
  stats: AlertRunStats;
}

type SentMark = { id: number; hwmAt: number; nextDueAt: number; sentAt: number };

/** Sent digests marked in one statement at most. */
const MARKS_PER_STATEMENT = 100;

/**
 * Marks sent digests one statement at a time: the digests whose mail was accepted in the same turn of the
 * event loop, or while a statement was being written, are marked together by the next statement, which
 * starts as soon as the one before it is done, or once the turn's other events have been handled. A
 * mark waits no longer than that, but a run commits far less often than once a digest (each commit waits
 * for the disk). On PostgreSQL, 18,162 digests in 10 s were marked with at most 8,504 commits while only
 * a statement in progress held marks back. On SQLite a statement runs synchronously, so nothing came in
 * while one ran: two statements in three marked one digest, about 0.2 ms each.
 * Resolves true for a digest marked, false for one whose lease was lost.
 */
export function coalescedMarks(write: (marks: SentMark[]) => Promise<Set<number>>) {
  let waiting: { mark: SentMark; done: (marked: boolean) => void; fail: (err: unknown) => void }[] = [];
  /** A statement is being written, or one is due at the end of this turn. */
  let busy = false;
  async function drain() {
    while (waiting.length) {
      const these = waiting.slice(0, MARKS_PER_STATEMENT);
      waiting = waiting.slice(these.length);
      try {
        const marked = await write(these.map((w) => w.mark));
        for (const w of these) w.done(marked.has(w.mark.id));
      } catch (err) {
        for (const w of these) w.fail(err);
      }
    }
    busy = false;
  }
  return (mark: SentMark) =>
    new Promise<boolean>((done, fail) => {
      waiting.push({ mark, done, fail });
      if (busy) return;
      busy = true;
      setImmediate(() => void drain());
    });
}

export function createAlertScheduler(deps: {
  alerts: AlertRepository;
  mailer: Mailer;
  config: Config;
  log: () => AlertLog | undefined;
  owner?: string;
}): AlertScheduler {
  const { alerts, mailer, config } = deps;
  const owner = deps.owner ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const site: AlertSite = {
    brandName: config.site.brandName,
    publicBaseUrl: config.publicBaseUrl,
    unsubscribeMailto: config.alerts.unsubscribeMailto,
  };
  let stopping = false;
  let current: Promise<unknown> | null = null;
  const markSent = coalescedMarks((digests) => alerts.markSent(digests, owner));
  let timer: NodeJS.Timeout | undefined;

  async function sendOne(digest: Digest, stats: AlertRunStats): Promise<void> {
    const { row, query, jobs, total, hwmAt } = digest;
    const frequency = row.frequency as AlertFrequency;
    const mail = digestMail({
      alertId: Number(row.id),
      to: row.email,
      query,
      language: (row.language === 'hi' ? 'hi' : 'en') as AlertLanguage,
      frequency,
      jobs,
      total,
      unsubscribeToken: unsubscribeToken(Number(row.id), config.jwtSecret),
      messageKey: `${row.id}-${row.hwm_at}`,
      site,
    });
    try {
      await mailer.deliver(mail);
    } catch (err) {
      stats.failed++;
      deps.log()?.error({ err, alertId: row.id }, 'job alert digest not sent; it will be tried again');
      await alerts.release(Number(row.id), owner, Date.now() + config.alerts.retryAfterMs);
      return;
    }
    const now = Date.now();
    const marked = await markSent({
      id: Number(row.id),
      hwmAt,
      nextDueAt: nextDigestAt(frequency, now),
      sentAt: now,
    });
    if (marked) stats.sent++;
    else {
      stats.lost++;
      deps
        .log()
        ?.warn({ alertId: row.id }, 'job alert digest sent after its alert was deleted or its lease ran out');
    }
  }

  /**
   * Claims the next due alerts and works out what each gets: those with nothing new (or only jobs
   * closed since) have their marks moved on here; the rest are returned as digests to send. What it
   * claimed is handed back if it fails part-way.
   */
  async function claimBatch(run: RunState): Promise<Batch | null> {
    const claimed = await alerts.claimDue(owner, run.now, config.alerts.leaseMs, config.alerts.batch);
    if (!claimed.length) return null;
    run.stats.claimed += claimed.length;
    const ids = claimed.map((r) => Number(r.id));
    /** An alert that gets no mail this time: its mark moves on, and it is due again at its next time. */
    const nothingNew = (row: JobAlertRow) => ({
      id: Number(row.id),
      nextDueAt: nextDigestAt(row.frequency as AlertFrequency, run.now),
    });
    try {
      const empty: { id: number; nextDueAt: number }[] = [];
      const found: Digest[] = [];
      let slice = performance.now();
      for (const row of claimed) {
        if (performance.now() - slice > SLICE_MS) {
          await yieldToEvents();
          slice = performance.now();
        }
        const query = JSON.parse(row.query) as AlertQuery;
        const m = run.index.match(query, Number(row.hwm_at), ALERT_DIGEST_JOBS);
        if (m.total === 0) empty.push(nothingNew(row));
        else found.push({ row, query, ...m, hwmAt: Math.max(Number(row.hwm_at), run.cutoff) });
      }
      // A job closed since the run began is left out.
      const open = await alerts.stillOpen([...new Set(found.flatMap((f) => f.jobs.map((j) => j.id)))]);
      const digests: Digest[] = [];
      for (const f of found) {
        const jobs = f.jobs.filter((j) => open.has(j.id));
        if (jobs.length) digests.push({ ...f, jobs, total: f.total - (f.jobs.length - jobs.length) });
        else empty.push(nothingNew(f.row));
      }
      // Written a slice at a time, so that no one statement holds the event loop for long.
      for (let i = 0; i < empty.length; i += MARK_SLICE) {
        if (i > 0) await yieldToEvents();
        await alerts.markChecked(empty.slice(i, i + MARK_SLICE), owner, run.cutoff);
      }
      run.stats.empty += empty.length;
      return { ids, digests };
    } catch (err) {
      await handBack(ids);
      throw err;
    }
  }

  /** Hands back alerts still leased here: what was marked is no longer ours, the rest is due again at once. */
  const handBack = (ids: number[]) => alerts.releaseAll(owner, ids).catch(() => undefined);

  /**
   * Sends the run's digests, `concurrency` at a time, batch after batch: the next batch is claimed and
   * matched while the one before it is being sent, and a sender that finds nothing left to start in its
   * batch goes on to the next at once, so the connections never wait for a batch's last digests. When a
   * send fails (the database went away, a read ran out of time) no new one starts; once those in flight
   * have settled, every batch not wholly sent is handed back (what was sent is already marked, the rest
   * is due again at once) and the failure is passed on. Stopping, no new batch is begun.
   */
  async function run(now: number): Promise<AlertRunStats> {
    const stats: AlertRunStats = { jobs: 0, claimed: 0, sent: 0, empty: 0, failed: 0, lost: 0 };
    const cutoff = now - SETTLE_MS;
    const oldest = await alerts.oldestDueMark(now);
    if (oldest === null) return stats;
    const index = new NewJobIndex(
      await alerts.newJobs(Math.max(oldest, cutoff - MAX_LOOKBACK_MS), cutoff, now),
    );
    stats.jobs = index.size;
    const state: RunState = { now, cutoff, index, stats };
    let ahead: Promise<Batch | null> | null = stopping ? null : claimBatch(state);
    ahead?.catch(() => undefined);
    let sending: Batch | null = null;
    let next = 0;
    /** Batches begun whose digests have not all settled, with how many are still to settle. */
    const unsettled = new Map<Batch, number>();
    let failed = false;
    let moving: Promise<void> | null = null;

    /** Moves on to the batch claimed ahead, and claims the one after it. */
    const moveOn = async () => {
      const batch = await ahead;
      ahead = null;
      if (!batch) return;
      if (!stopping) {
        ahead = claimBatch(state);
        ahead.catch(() => undefined);
      }
      if (batch.digests.length) unsettled.set(batch, batch.digests.length);
      sending = batch;
      next = 0;
    };
    /** The next digest to send, or null when there is none (or a send failed, or the scheduler is stopping). */
    const take = async (): Promise<{ digest: Digest; batch: Batch } | null> => {
      for (;;) {
        if (failed) return null;
        if (sending && next < sending.digests.length)
          return { digest: sending.digests[next++]!, batch: sending };
        if (!ahead || (stopping && sending)) return null;
        moving ??= moveOn().finally(() => (moving = null));
        await moving;
      }
    };
    const sender = async () => {
      for (;;) {
        const got = await take().catch((err: unknown) => {
          failed = true;
          throw err;
        });
        if (!got) return;
        // Each digest's share of the event loop (its text, handing it over, marking it) is a task of its
        // own, after whatever requests came in meanwhile: answers from the mail threads arrive together,
        // and worked off in one go they would hold up visitors for milliseconds at a time.
        await yieldToEvents();
        try {
          await sendOne(got.digest, stats);
        } catch (err) {
          failed = true;
          throw err;
        }
        const left = unsettled.get(got.batch)! - 1;
        if (left) unsettled.set(got.batch, left);
        else unsettled.delete(got.batch);
      }
    };
    // Every send in flight settles before a failure is passed on, so none is marked after its lease is handed back.
    const settled = await Promise.allSettled(
      Array.from({ length: Math.max(1, config.alerts.concurrency) }, sender),
    );
    const failure = settled.find((r) => r.status === 'rejected');
    // The batch claimed ahead is not sent (sending failed, or the scheduler is stopping): it goes back.
    const left = await ahead?.catch(() => null);
    const handBackIds = [...unsettled.keys(), ...(left ? [left] : [])].flatMap((b) => b.ids);
    if (handBackIds.length) await handBack(handBackIds);
    if (failure) throw failure.reason;
    return stats;
  }

  const scheduler: AlertScheduler = {
    owner,
    runOnce(now = Date.now()) {
      // One run at a time in a process; other processes are kept apart by the leases.
      const p = (current ?? Promise.resolve()).catch(() => undefined).then(() => run(now));
      current = p;
      p.finally(() => {
        if (current === p) current = null;
      }).catch(() => undefined);
      return p;
    },
    start() {
      stopping = false;
      const tick = () => {
        timer = setTimeout(() => {
          scheduler
            .runOnce()
            .then((s) => {
              if (s.claimed) deps.log()?.info({ ...s }, 'job alert digests sent');
            })
            .catch((err: unknown) => deps.log()?.error({ err }, 'job alert run failed; trying again later'))
            .finally(() => {
              if (!stopping) tick();
            });
        }, config.alerts.pollMs);
        timer.unref();
      };
      tick();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
  };
  return scheduler;
}
