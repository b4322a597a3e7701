// A read-only SQLite connection in a worker thread. The pool in read-pool.ts sends it
// one read at a time; a slow query here never holds up the API's event loop.
import { workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { lowerThisThread } from '../../lib/thread-priority.mjs';
import { registerTextSignature } from './text-signature.mjs';
import { registerWordSample } from './word-sample.mjs';

// A pool for the server's own upkeep gives way to the threads that answer visitors.
if (workerData.nice) lowerThisThread(workerData.nice);

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma(`cache_size = ${-Math.abs(workerData.cacheKiB ?? 32768)}`);
// Pages are read through the connection's own cache, not a mapping of the file. After any other
// connection's commit (a second's view counts, a digest marked sent), SQLite unmaps a reader's whole
// mapping at its next read; unmapping touches every thread of the process, and with commits coming
// several times a second it cost the job pages a fifth of their throughput (decision 31).
db.pragma('mmap_size = 0');
// A read planned on another index than the one that carries it would compute a job's text signature.
registerTextSignature(db);
// The upkeep's sample of the jobs' words is counted where it is read (decision 61).
registerWordSample(db);

/**
 * Prepared statements by SQL text, each with its columns' names; the API sends a small, fixed set of
 * query shapes.
 */
const statements = new Map();

function prepare(sql) {
  let entry = statements.get(sql);
  if (!entry) {
    const stmt = db.prepare(sql);
    if (!stmt.reader)
      throw Object.assign(new Error('Only reads run in the read pool'), { code: 'NOT_A_READ' });
    entry = { stmt: stmt.raw(true), columns: stmt.columns().map((c) => c.name) };
    if (statements.size >= 500) statements.delete(statements.keys().next().value);
    statements.set(sql, entry);
  }
  return entry;
}

/**
 * A read's rows as arrays of values, with the columns' names once: SQLite's driver builds an array of a
 * row faster than an object of it, and an array crosses to the API's thread in half the time (a row has
 * no keys to copy). The API's thread makes the objects (read-pool.ts).
 */
export default function read({ sql, parameters }) {
  const { stmt, columns } = prepare(sql);
  return { columns, rows: stmt.all(parameters) };
}
