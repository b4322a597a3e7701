import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from './schema.ts';
import { PooledSqliteDialect } from './sqlite/pooled-driver.ts';
import { ReadPool } from './sqlite/read-pool.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  engine: Engine;
  destroy(): Promise<void>;
}

// COUNT(*) and bigint columns come back as strings from node-postgres; every
// value we store in them fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.FLOAT8, (v) => Number(v));

export interface DbOptions {
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (created when missing); lets test runs never collide. */
  pgSchema?: string | undefined;
  poolSize?: number;
  /** SQLite: worker threads for reads (default: the number of cores, at least 2); 0 reads on the main thread. */
  readWorkers?: number | undefined;
  /** Time budget of one query in milliseconds (0: none). */
  queryBudgetMs?: number | undefined;
}

/** A query past this budget is ended and the request answers 503. */
export const DEFAULT_QUERY_BUDGET_MS = 3000;

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
    // 0 means no budget (the command-line tools' long bulk writes).
    const budget = Math.max(0, Math.round(options.queryBudgetMs ?? DEFAULT_QUERY_BUDGET_MS));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Every statement has a time budget; past it the server cancels it (57014) and the API answers 503.
      options: `-c statement_timeout=${budget}${schema ? ` -c search_path=${schema}` : ''}`,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', destroy: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('cache_size = -65536');
  // An in-memory database cannot be shared with other threads; it reads on the main thread.
  const pool =
    file === ':memory:' || options.readWorkers === 0
      ? undefined
      : new ReadPool({
          file,
          budgetMs: options.queryBudgetMs ?? DEFAULT_QUERY_BUDGET_MS,
          ...(options.readWorkers ? { threads: options.readWorkers } : {}),
        });
  const db = new Kysely<Database>({ dialect: new PooledSqliteDialect(database, pool) });
  return { db, engine: 'sqlite', destroy: () => db.destroy() };
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
