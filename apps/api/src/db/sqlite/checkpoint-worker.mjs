// Moves the SQLite write-ahead log into the database file, on a thread of its own. Left to SQLite, the
// commit that passes 1,000 log pages does it on the writing connection, which is on the API's thread:
// after a second of view counts of random jobs that held the thread for about 60 ms.
// A passive checkpoint never waits for the writer or the readers: it copies what it can.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage({ failed: err instanceof Error ? err.message : String(err) });
  }
}, workerData.everyMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
