// A read-only SQLite connection in a worker thread. The pool in read-pool.ts sends it
// one read at a time; a slow query here never holds up the API's event loop.
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma(`cache_size = ${-Math.abs(workerData.cacheKiB ?? 32768)}`);
// Pages are read straight from the mapped file: a random row costs no system call.
db.pragma(`mmap_size = ${workerData.mmapBytes ?? 2 ** 31}`);

/** Prepared statements by SQL text; the API sends a small, fixed set of query shapes. */
const statements = new Map();

function prepare(sql) {
  let stmt = statements.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    if (statements.size >= 500) statements.delete(statements.keys().next().value);
    statements.set(sql, stmt);
  }
  return stmt;
}

export default function read({ sql, parameters }) {
  const stmt = prepare(sql);
  if (!stmt.reader) throw Object.assign(new Error('Only reads run in the read pool'), { code: 'NOT_A_READ' });
  return stmt.all(parameters);
}
