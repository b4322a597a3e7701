import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina, queueOptionsSymbol } from 'piscina';
import { reuseWorkerDescriptions } from '../../lib/worker-descriptions.ts';

const workerFile = fileURLToPath(new URL('./read-worker.mjs', import.meta.url));

/** The young generation of a read thread, in MB. */
const READER_YOUNG_GENERATION_MB = 8;

export interface ReadPoolOptions {
  file: string;
  /** Worker threads, each with its own read-only connection. */
  threads?: number;
  /** A read still running after this many milliseconds is abandoned and answers QUERY_TIMEOUT. */
  budgetMs: number;
  /** Each connection's page cache in KiB (default 32 MiB). */
  cacheKiB?: number;
  /** Linux: the threads' niceness (default 0, the API's own); a higher one gives way to the rest. */
  nice?: number;
  /** Threads kept while idle (default 1), and how long an idle one above that lives (default a minute). */
  minThreads?: number;
  idleTimeoutMs?: number;
}

/** Thrown for a query that ran past its time budget; the API answers 503. */
export class QueryTimeoutError extends Error {
  readonly code = 'QUERY_TIMEOUT';
  constructor(budgetMs: number) {
    super(`The query ran longer than its budget of ${budgetMs} ms`);
  }
}

/**
 * A read's time budget, as the pool's abort signal: the one listener the pool adds, and whether it ran
 * out. Node's AbortController would do, but it builds an event target for every read, thousands a second,
 * and a CPU-heavy load kept so many of them alive across collections that they were a fifth of what the
 * API's main heap carried to its next full collection (decision 21's last addendum).
 */
class Budget {
  aborted = false;
  private listener: (() => void) | undefined;
  /** When a thread took the read (0 until then). */
  started = 0;
  timer: NodeJS.Timeout | undefined;

  addEventListener(_name: 'abort', listener: () => void): void {
    this.listener = listener;
  }

  removeEventListener(_name: 'abort', listener: () => void): void {
    if (this.listener === listener) this.listener = undefined;
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }
}

/**
 * The timer's callback, the same function for every read (a closure would be one more object each). A read
 * still waiting for a thread when its budget ends is dropped from the queue; a read that a thread took
 * after waiting has its whole budget from then, as a PostgreSQL statement's limit counts from its start,
 * so that a thread is never ended for time its read spent in the queue.
 */
function spend(budget: Budget, budgetMs: number): void {
  const left = budget.started ? budget.started + budgetMs - performance.now() : 0;
  if (left >= 1) budget.timer = setTimeout(spend, left, budget, budgetMs);
  else budget.abort();
}

/**
 * Piscina's own choice for reads that can be abandoned, one at a time on each thread (its least busy
 * balancer): an idle thread, or none, and the read waits. A read given a thread is marked started, for
 * its budget (`spend`); its budget rides with it as its queue options, which are not sent to the thread.
 */
type Balancer = NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer'] & {};
const idleThread: Balancer = (task, workers) => {
  const idle = workers.find((w) => w.currentUsage === 0) ?? null;
  const budget = (task as { [queueOptionsSymbol]?: unknown })[queueOptionsSymbol];
  if (idle && budget instanceof Budget) budget.started = performance.now();
  return idle;
};

/**
 * Worker threads that answer reads from the SQLite file. A read past its
 * budget is abandoned: the caller gets QueryTimeoutError at once, the worker
 * is ended and replaced, and the API's event loop never waited on it. A read
 * may wait for a thread as long as its budget, and then run as long again.
 */
/** A read's rows as a read thread sends them (read-worker.mjs). */
interface RawRows {
  columns: string[];
  rows: unknown[][];
}

/** The rows as objects by column name, as the driver gives them; of columns named alike, the last. */
export function asObjects({ columns, rows }: RawRows): Record<string, unknown>[] {
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const values = rows[i]!;
    const row: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) row[columns[c]!] = values[c];
    out[i] = row;
  }
  return out;
}

export class ReadPool {
  private readonly piscina: Piscina;
  readonly budgetMs: number;

  constructor(options: ReadPoolOptions) {
    const threads = options.threads ?? Math.max(2, os.availableParallelism());
    this.budgetMs = options.budgetMs;
    reuseWorkerDescriptions();
    this.piscina = new Piscina({
      filename: workerFile,
      workerData: { file: options.file, cacheKiB: options.cacheKiB, nice: options.nice ?? 0 },
      // The worker is plain JavaScript: it needs none of the process's flags (its TypeScript loader, whose
      // copy in each thread would cost its memory), and a query's garbage is short-lived, so a small young
      // generation collected often holds less memory than a large one collected seldom.
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: READER_YOUNG_GENERATION_MB },
      minThreads: options.minThreads ?? 1,
      maxThreads: threads,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      // Reads queue briefly when every worker is busy; past that the budget ends them.
      concurrentTasksPerWorker: 1,
      loadBalancer: idleThread,
    });
  }

  async read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    // A timer of its own, cleared when the read is done: AbortSignal.timeout's timer would still fire for
    // every read, long after it was answered, and build an error each time (a tenth of a millisecond).
    const budget = new Budget();
    budget.timer = setTimeout(spend, this.budgetMs, budget, this.budgetMs);
    try {
      const task = { sql, parameters, [queueOptionsSymbol]: budget };
      return asObjects((await this.piscina.run(task, { signal: budget })) as RawRows);
    } catch (err) {
      if (budget.aborted) throw new QueryTimeoutError(this.budgetMs);
      throw err;
    } finally {
      clearTimeout(budget.timer);
    }
  }

  get stats() {
    return { threads: this.piscina.threads.length, queued: this.piscina.queueSize };
  }

  async destroy(): Promise<void> {
    await this.piscina.destroy();
  }
}
