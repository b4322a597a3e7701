import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  sql,
  type Expression,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type { Database } from './schema.ts';
import { PooledSqliteDialect } from './sqlite/pooled-driver.ts';
import { ReadPool } from './sqlite/read-pool.ts';
import { startCheckpointer } from './sqlite/checkpointer.ts';
import { registerTextSignature } from './sqlite/text-signature.mjs';
import { registerWordSample } from './sqlite/word-sample.mjs';
import { registerTextWords } from './sqlite/text-words.mjs';
import { registerSpaNameParts } from './sqlite/spa-name-parts.mjs';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  /** The primary: writes, and reads that must see them. */
  db: Kysely<Database>;
  /**
   * Public read-only queries (listings, search, job and spa pages): a read
   * replica when DATABASE_READ_URL is set, else the primary itself. A replica
   * may lag a little: nothing that reads its own writes uses this.
   */
  read: Kysely<Database>;
  /**
   * Reads of one row by its key, as `read` sees the data. On SQLite they run on a read-only connection of
   * the API's own thread: such a read takes tens of microseconds, less than handing it to a read thread
   * costs (decision 29). Anything that may read more than a few rows goes through `read`.
   */
  point: Kysely<Database>;
  /**
   * Reads, as `read` sees the data, by statements whose best plan is the same for every value they are
   * given (spas near a place, decision 62): on PostgreSQL a pool of its own whose prepared statements are
   * planned once and kept (plan_cache_mode = force_generic_plan), where `read` plans each execution
   * again when PostgreSQL guesses that a plan for the values would be cheaper. On SQLite, `read`.
   */
  fixedPlans: Kysely<Database>;
  /**
   * Reads for the server's own upkeep that no visitor waits for (the search planner's statistics,
   * refreshed each minute). On SQLite they run on a read thread of their own at a lower priority, so that
   * a count over every open job never holds a visitor's search behind it on the read threads; on
   * PostgreSQL, `read`.
   */
  background: Kysely<Database>;
  engine: Engine;
  /** What it was opened with: another thread opens the same database with them. */
  options: DbOptions;
  destroy(): Promise<void>;
}

// COUNT(*) and bigint columns come back as strings from node-postgres; every
// value we store in them fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.FLOAT8, (v) => Number(v));

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL: a read replica for public read-only queries. */
  readDatabaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (created when missing); lets test runs never collide. */
  pgSchema?: string | undefined;
  poolSize?: number;
  /** SQLite: worker threads for reads (default: the number of cores, at least 2); 0 reads on the main thread. */
  readWorkers?: number | undefined;
  /** SQLite: the connection's page cache in KiB (default 64 MiB). */
  cacheKiB?: number | undefined;
  /** Time budget of one query in milliseconds (0: none). */
  queryBudgetMs?: number | undefined;
  /**
   * Time budgets of the PostgreSQL pool (see POSTGRES_LIMITS); 'none' for
   * work outside requests (migrations, imports, seeding) that may take long.
   */
  limits?: Partial<PostgresLimits> | 'none';
}

/**
 * How long PostgreSQL may take before a request gives up with 503 (see
 * docs/decisions/0015-limits-and-timeouts.md). A request waits at most
 * connectMs for a connection and then statementMs for its statement, so a
 * stalled database is answered within 5 s; queryMs is the client's own
 * backstop for a server that stopped answering altogether.
 */
export interface PostgresLimits {
  /** Waiting for a pooled connection, or for a new one to open. */
  connectMs: number;
  /** Server-side limit on one statement, lock waits included (statement_timeout). */
  statementMs: number;
  /** Server-side limit on waiting for a lock (lock_timeout). */
  lockMs: number;
  /** Client-side limit on one query; the connection is dropped when it passes. */
  queryMs: number;
  /** An unused connection is closed after this long. */
  idleMs: number;
}

export const POSTGRES_LIMITS: PostgresLimits = {
  connectMs: 1500,
  statementMs: 2500,
  lockMs: 2000,
  queryMs: 4000,
  idleMs: 30_000,
};

/** What ends a statement kept prepared on each PostgreSQL connection (see `prepared`). */
const PREPARED = '/* prepared */';

/**
 * A query whose plan does not depend on its values (rows by their keys), kept prepared on each PostgreSQL
 * connection that runs it: it is parsed once per connection and, once PostgreSQL has seen that one plan
 * serves every value, no longer planned. Planning a join of a page's jobs with their spas took 0.26 ms
 * against 0.09 ms to run it, the jobs table's many indexes being weighed each time (decision 42). On
 * SQLite the mark is a comment; its read threads keep every statement prepared anyway.
 */
export function prepared<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(PREPARED));
}

/** A prepared statement's name on the server: the same text, the same name, on every connection. */
const statementName = (text: string) =>
  `spajobs_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** PostgreSQL refuses a prepared statement whose result's columns changed (a migration altered its table). */
function staleStatement(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '');
}

/** Errors after which a pooled connection cannot be trusted again. */
function breaksConnection(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (e.code && /^(08|57P)/.test(e.code)) return true;
  return /Query read timeout|Connection terminated|connection error|not queryable/i.test(e.message ?? '');
}

/**
 * A statement's result, or after `queryMs` (0: never) the error that breaks its connection: the
 * client's own backstop for a server that stops answering, which statement_timeout cannot end. With
 * pg's own (query_timeout) every result outlived the young generation's collections: at 100 searches a
 * second, 1.1 MB of each 12.8 MB collected was copied into the old generation, and the main thread ran a
 * full collection every 7 s (decision 55). pg's answers as promises kept results alive the same way.
 */
function answer(client: pg.PoolClient, config: pg.QueryConfig, queryMs: number): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    // pg's own words for it, which breaksConnection and the error handler (plugins/errors.ts) know.
    const late = queryMs ? setTimeout(() => reject(new Error('Query read timeout')), queryMs) : undefined;
    client.query(config, (err: Error | undefined, result: pg.QueryResult) => {
      clearTimeout(late);
      if (err) reject(err);
      else resolve(result);
    });
  });
}

/**
 * The pool Kysely draws from: pg's own, except that a connection on which a
 * query timed out on the client or lost its server (during a query or
 * between two) is destroyed on release instead of going back to the pool, so
 * the next request gets a fresh one.
 */
function resilientPool(pool: pg.Pool, queryMs: number): PostgresPool {
  // One handle for each of the pool's connections, made when it is first handed out and given again
  // each time after: Kysely keeps its own state for a connection by this object, and a new one at
  // every checkout was a new entry of its WeakMap each time, which the young generation's collections
  // kept with what it reached: 0.13 MB copied into the old generation at each, against 0.02 MB with
  // one handle a connection (decision 55).
  const handles = new WeakMap<pg.PoolClient, Handle>();
  return {
    async connect() {
      const client = await pool.connect();
      let handle = handles.get(client);
      if (!handle) handles.set(client, (handle = handleFor(client, queryMs)));
      handle.checkOut();
      return handle;
    },
    end: () => pool.end(),
  };
}

/** What Kysely is handed for one of the pool's connections, readied again at each checkout. */
type Handle = PostgresPoolClient & { checkOut(): void };

function handleFor(client: pg.PoolClient, queryMs: number): Handle {
  let broken = false;
  // pg's pool stops listening for a connection's errors while it is handed out. A server that ends
  // it between two queries (a restart, a terminated backend) would then end the process: the error
  // marks it broken instead, and the next query on it fails.
  const lost = () => {
    broken = true;
  };
  const run = client.query as (...a: unknown[]) => Promise<unknown>;
  const query = (async (...args: Parameters<pg.PoolClient['query']>) => {
    try {
      const [text, values] = args as unknown as [unknown, unknown[]];
      // Anything but a statement's text (a cursor, say) goes to pg as it came.
      if (typeof text !== 'string') return await run.apply(client, args);
      if (!text.endsWith(PREPARED)) return await answer(client, { text, values }, queryMs);
      try {
        return await answer(client, { name: statementName(text), text, values }, queryMs);
      } catch (err) {
        if (!staleStatement(err)) throw err;
        // The table changed under the statement prepared on this connection: answer this query
        // without it, and let the connection go (its statements are prepared again on a new one).
        broken = true;
        return await answer(client, { text, values }, queryMs);
      }
    } catch (err) {
      if (breaksConnection(err)) broken = true;
      throw err;
    }
  }) as PostgresPoolClient['query'];
  return {
    query,
    release: () => {
      // A broken connection keeps the listener: it is destroyed, and may still report its end.
      if (!broken) client.removeListener('error', lost);
      client.release(broken || undefined);
    },
    checkOut() {
      broken = false;
      client.on('error', lost);
    },
  };
}

/** A query past this budget is ended and the request answers 503. */
export const DEFAULT_QUERY_BUDGET_MS = POSTGRES_LIMITS.statementMs;

/**
 * SQLite's page size for a new database file: a walk over an index that carries each job's text reads a
 * quarter as many pages as with the default 4 KiB, each page a call of its own (decision 53).
 */
export const SQLITE_PAGE_SIZE = 16_384;

/** SQLite: the budget of a read for the server's upkeep, whose thread gives way to visitors' reads when the CPU is short. */
const BACKGROUND_QUERY_BUDGET_MS = 30_000;

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export async function createDb(options: DbOptions): Promise<Db> {
  if (isPostgresUrl(options.databaseUrl)) {
    const schema = options.pgSchema;
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('Invalid schema name');
    if (schema) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await admin.end();
    }
    const none = { connectMs: 30_000, statementMs: 0, lockMs: 0, queryMs: 0, idleMs: POSTGRES_LIMITS.idleMs };
    // The query budget (DB_QUERY_TIMEOUT_MS) is the statement limit; the client's backstop stays above it.
    const budget =
      options.queryBudgetMs === undefined
        ? {}
        : options.queryBudgetMs === 0
          ? none
          : { statementMs: options.queryBudgetMs, queryMs: options.queryBudgetMs + 1500 };
    const limits = options.limits === 'none' ? none : { ...POSTGRES_LIMITS, ...budget, ...options.limits };
    // The replica's connections are read-only even when its address is the primary's: nothing writes there.
    const makePool = (connectionString: string, readOnly = false, generic = false) => {
      // No JIT: a query that serves a request runs for milliseconds, and compiling it would cost more.
      // A walk whose test may read a long job's row is estimated as if it read every row's, well past
      // the cost at which PostgreSQL compiles (jit_above_cost).
      // Rows read as a bitmap (those of jobs found on a place's index, decision 91) are asked of the disk
      // many at a time, in the table's order, not one after another: 150 against 500 ms for 4,884 rows of
      // a table out of every cache. It changes no plan.
      const settings = [
        '-c jit=off',
        '-c effective_io_concurrency=64',
        ...(schema ? [`-c search_path=${schema}`] : []),
        ...(readOnly ? ['-c default_transaction_read_only=on'] : []),
        ...(generic ? ['-c plan_cache_mode=force_generic_plan'] : []),
      ];
      return new pg.Pool({
        connectionString,
        // The pool of fixed plans serves a few kinds of statement only: half as many connections.
        max: generic ? Math.max(2, Math.ceil((options.poolSize ?? 10) / 2)) : (options.poolSize ?? 10),
        options: settings.join(' '),
        connectionTimeoutMillis: limits.connectMs,
        idleTimeoutMillis: limits.idleMs,
        // 0 leaves a limit off.
        statement_timeout: limits.statementMs,
        lock_timeout: limits.lockMs,
        idle_in_transaction_session_timeout: limits.statementMs * 4,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
    };
    const pool = makePool(options.databaseUrl);
    const replica = isPostgresUrl(options.readDatabaseUrl)
      ? makePool(options.readDatabaseUrl, true)
      : undefined;
    // Its connections are opened as its statements need them, and closed when idle as the others are.
    const generic = makePool(
      isPostgresUrl(options.readDatabaseUrl) ? options.readDatabaseUrl : options.databaseUrl,
      true,
      true,
    );
    // A server that ends an idle connection (a restart, a failover, a proxy,
    // idle_session_timeout) makes the pool emit 'error'; the pool has already
    // dropped that connection and opens a new one on the next request. Without
    // a listener the error would end the process.
    for (const p of [pool, replica, generic]) {
      p?.on('error', (err) => {
        const e = err as { code?: string };
        console.warn(`PostgreSQL closed an idle connection (${e.code ?? err.message}); it will be reopened.`);
      });
    }
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: resilientPool(pool, limits.queryMs) }),
    });
    const read = replica
      ? new Kysely<Database>({
          dialect: new PostgresDialect({ pool: resilientPool(replica, limits.queryMs) }),
        })
      : db;
    const fixedPlans = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: resilientPool(generic, limits.queryMs) }),
    });
    return {
      db,
      read,
      point: read,
      fixedPlans,
      background: read,
      engine: 'postgres',
      options,
      destroy: async () => {
        await db.destroy();
        if (read !== db) await read.destroy();
        await fixedPlans.destroy();
      },
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // A new database is made with 16 KiB pages (decision 53); an existing one keeps its own.
  database.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma(`cache_size = ${-Math.abs(options.cacheKiB ?? 65_536)}`);
  registerTextSignature(database);
  registerWordSample(database);
  registerTextWords(database);
  registerSpaNameParts(database);
  // An in-memory database cannot be shared with other threads; it reads on the main thread.
  const pool =
    file === ':memory:' || options.readWorkers === 0
      ? undefined
      : new ReadPool({
          file,
          budgetMs: options.queryBudgetMs ?? DEFAULT_QUERY_BUDGET_MS,
          ...(options.readWorkers ? { threads: options.readWorkers } : {}),
        });
  const upkeep = pool
    ? new ReadPool({
        file,
        threads: 1,
        nice: 10,
        // Started for the minute's statistics and ended a few seconds after: a thread kept idle between
        // them would hold its memory for nothing.
        minThreads: 0,
        idleTimeoutMs: 5_000,
        // Its reads are scans, read once a minute: the file's pages stay in the system's cache anyway.
        cacheKiB: 4096,
        budgetMs: BACKGROUND_QUERY_BUDGET_MS,
      })
    : undefined;
  // With read threads (the API, the worker), the log is checkpointed on a thread of its own as well.
  const checkpointer = pool ? startCheckpointer(file) : undefined;
  if (checkpointer) database.pragma('wal_autocheckpoint = 0');
  const db = new Kysely<Database>({ dialect: new PooledSqliteDialect(database, pool) });
  // Point reads: a read-only connection of this thread beside the writer, which sees only committed data
  // (the writer's connection may be inside another request's transaction). Its statements are kept by
  // their text as the writer's are: preparing one costs more than a point read itself.
  const point = pool
    ? new Kysely<Database>({ dialect: new PooledSqliteDialect(pointReader(file), undefined) })
    : db;
  const background = upkeep
    ? new Kysely<Database>({ dialect: new PooledSqliteDialect(database, upkeep) })
    : db;
  return {
    db,
    read: db,
    point,
    fixedPlans: db,
    background,
    engine: 'sqlite',
    options,
    destroy: async () => {
      await checkpointer?.stop();
      if (point !== db) await point.destroy();
      await upkeep?.destroy();
      await db.destroy();
    },
  };
}

/**
 * A read-only connection for point reads. It reads through its own page cache, not a mapping of the
 * file: after any other connection's commit (a second's view counts, a digest marked sent), SQLite
 * unmaps a reader's whole mapping at its next read, and on this thread that stalled every request for
 * up to tens of milliseconds (decision 31).
 */
function pointReader(file: string): SQLite.Database {
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  // A reader of a WAL database waits only while the database is being recovered; on this thread it must
  // not wait long (the request fails instead, and the next one finds it recovered).
  reader.pragma('busy_timeout = 50');
  reader.pragma('cache_size = -8192');
  reader.pragma('mmap_size = 0');
  registerTextSignature(reader);
  return reader;
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL: planner settings for the rest of the transaction `tx` alone (`set_config(…, true)`), where
 * the code knows a statement's cheaper reading better than the planner's estimates do (decisions 27, 80
 * and 81).
 */
export async function localPlanSettings(
  tx: Kysely<Database>,
  settings: Record<string, string>,
): Promise<void> {
  const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  await sql`select ${sql.join(calls)}`.execute(tx);
}
