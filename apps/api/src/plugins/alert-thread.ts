import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AlertThreadData, AlertThreadMessage } from '../alert-work.ts';
import type { Config } from '../config.ts';
import { isPostgresUrl, type DbOptions } from '../db/database.ts';
import { YOUNG_GENERATION_MB } from '../lib/mailer.ts';
import type { AlertLog } from './alert-scheduler.ts';

const entry = fileURLToPath(new URL('./alert-thread.mjs', import.meta.url));
/** A thread that ended by itself is started again after this long, doubling up to a minute. */
const RESTART_MS = 1000;
const MAX_RESTART_MS = 60_000;
/** A thread told to stop that has not within this long (a batch's mail stuck in SMTP) is ended. */
const STOP_MS = 30_000;

/** The job-alert scheduler running on a thread of the API process. */
export interface AlertThread {
  /** The running thread's id (-1 while it is being started again). */
  readonly threadId: number;
  /** The running scheduler's lease owner, once the thread has started. */
  readonly owner: string | null;
  /** Ends the thread at once, as an uncaught error in it would; it is started again as then. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How the alert thread opens the API's database: on a connection of its own
 * (a small pool on PostgreSQL; one SQLite connection that reads on the
 * thread itself, with a small page cache). An in-memory SQLite database cannot be shared: null.
 */
export function alertThreadDb(options: DbOptions): DbOptions | null {
  if (isPostgresUrl(options.databaseUrl)) {
    const { readDatabaseUrl: _replica, ...rest } = options;
    return { ...rest, poolSize: 2 };
  }
  if (!options.sqliteFile || options.sqliteFile === ':memory:') return null;
  // A run reads the new jobs once and writes small rows: a small page cache is enough.
  return { ...options, readWorkers: 0, cacheKiB: 8192 };
}

/**
 * Starts the scheduler on its own thread; one that ends unexpectedly (an
 * error in it, a database that could not be opened) is started again, and
 * the leases let the new one take over what the old one had claimed.
 */
export function startAlertThread(opts: {
  config: Config;
  db: DbOptions;
  log: () => AlertLog | undefined;
}): AlertThread {
  const data: AlertThreadData = { config: opts.config, db: opts.db };
  let worker: Worker | null = null;
  let owner: string | null = null;
  let stopping = false;
  let restartMs = RESTART_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  function spawn() {
    const w = new Worker(entry, {
      workerData: data,
      // The thread builds its TypeScript sources itself (alert-thread.mjs): the process's flag would load the
      // TypeScript loader into it.
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker = w;
    owner = null;
    w.on('message', (m: AlertThreadMessage) => {
      if (m.type === 'started') {
        owner = m.owner;
        restartMs = RESTART_MS;
      }
    });
    w.on('error', (err) => opts.log()?.error({ err }, 'job alert thread failed'));
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      if (stopping) return;
      opts.log()?.warn({ code, restartInMs: restartMs }, 'job alert thread ended; starting it again');
      restartTimer = setTimeout(spawn, restartMs);
      restartTimer.unref();
      restartMs = Math.min(restartMs * 2, MAX_RESTART_MS);
    });
  }
  spawn();

  return {
    get threadId() {
      return worker?.threadId ?? -1;
    },
    get owner() {
      return owner;
    },
    async kill() {
      await worker?.terminate();
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const w = worker;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage('stop');
      const timer = setTimeout(() => void w.terminate(), STOP_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
