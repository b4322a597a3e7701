import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { ReadPool } from './read-pool.ts';

/**
 * SQLite for Kysely with reads off the event loop: a query that only reads,
 * outside a transaction, runs on a worker thread of the read pool with its own
 * read-only connection (WAL lets readers and the writer work side by side);
 * writes and everything inside a transaction run on the one writing
 * connection, one at a time, as in Kysely's own SQLite driver.
 */
export class PooledSqliteDialect implements Dialect {
  constructor(
    private readonly writer: SqliteDatabase,
    private readonly pool: ReadPool | undefined,
  ) {}

  createDriver(): Driver {
    return new PooledSqliteDriver(this.writer, this.pool);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new TransactionalDdlAdapter();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * SQLite changes its schema inside a transaction like any other write, so each migration and the row that
 * records it commit together (Kysely's own SQLite adapter says otherwise, and ran them bare: a process
 * killed while a migration built its index kept the migration's first statements, unrecorded, and the
 * next start failed on them; decision 63).
 */
class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class PooledSqliteDriver implements Driver {
  private readonly writeLock = new Mutex();

  constructor(
    private readonly writer: SqliteDatabase,
    private readonly pool: ReadPool | undefined,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writer, this.pool, this.writeLock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).holdWriter();
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as RoutedConnection).releaseWriter();
  }

  async destroy(): Promise<void> {
    await this.pool?.destroy();
    if (this.writer.open) this.writer.close();
  }
}

class RoutedConnection implements DatabaseConnection {
  private release: (() => void) | undefined;

  constructor(
    private readonly writer: SqliteDatabase,
    private readonly pool: ReadPool | undefined,
    private readonly writeLock: Mutex,
  ) {}

  async holdWriter(): Promise<void> {
    this.release ??= await this.writeLock.lock();
  }

  releaseWriter(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    if (this.release) return runOn(this.writer, sql, parameters);
    if (this.pool && isRead(this.writer, compiledQuery)) {
      return { rows: (await this.pool.read(sql, parameters)) as R[] };
    }
    await this.holdWriter();
    try {
      return runOn(this.writer, sql, parameters);
    } finally {
      this.releaseWriter();
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Streams are rare (exports); they read on the writing connection, which sees its own writes.
    await this.holdWriter();
    try {
      const stmt = this.writer.prepare(compiledQuery.sql);
      for (const row of stmt.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
    } finally {
      this.releaseWriter();
    }
  }
}

function isRead(writer: SqliteDatabase, q: CompiledQuery): boolean {
  if (SelectQueryNode.is(q.query)) return true;
  if (q.query.kind !== 'RawNode') return false;
  // Raw SQL: a statement that only reads (select, with … select, explain).
  return prepared(writer, q.sql).reader && !/^\s*pragma/i.test(q.sql);
}

/**
 * The writing connection's statements by SQL text: the API sends a small, fixed set of shapes, and
 * preparing one costs more than running it (a digest run writes one row per alert). SQLite prepares a
 * statement again by itself after the schema changed.
 */
const statements = new WeakMap<SqliteDatabase, Map<string, Statement>>();
const MAX_STATEMENTS = 500;

function prepared(db: SqliteDatabase, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
    cache.set(sql, stmt);
  }
  return stmt;
}

function runOn<R>(db: SqliteDatabase, sql: string, parameters: readonly unknown[]): QueryResult<R> {
  const stmt = prepared(db, sql);
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}
