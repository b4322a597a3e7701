/**
 * Makes the SQLite file again, compacted, with pages of 16 KiB (decision 53) or the size given:
 *   npm run vacuum -- [--page-size 16384]
 * Stop the server first, and back the file up. Run through the product rather than the sqlite3 shell:
 * the indexes that walks read hold each job's text signature (decision 58), which only a connection
 * with the product's function can write again.
 */
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config.ts';
import { SQLITE_PAGE_SIZE } from '../db/database.ts';
import { registerTextSignature } from '../db/sqlite/text-signature.mjs';
import { parseArgs } from './args.ts';

const { flags } = parseArgs(process.argv.slice(2));
const config = loadConfig();
const pageSize = flags['page-size'] === undefined ? SQLITE_PAGE_SIZE : Number(flags['page-size']);
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: this is for the SQLite file; PostgreSQL keeps its own pages.');
  process.exitCode = 1;
} else if (
  !Number.isInteger(pageSize) ||
  pageSize < 512 ||
  pageSize > 65_536 ||
  (pageSize & (pageSize - 1)) !== 0
) {
  console.error('--page-size must be a power of two from 512 to 65536.');
  process.exitCode = 1;
} else if (!fs.existsSync(config.sqliteFile)) {
  console.error(`${config.sqliteFile}: no such file (SQLITE_FILE or DATA_DIR names the database).`);
  process.exitCode = 1;
} else {
  const db = new SQLite(config.sqliteFile, { fileMustExist: true });
  try {
    registerTextSignature(db);
    const started = Date.now();
    // A file in WAL mode keeps its page size through a vacuum: the log is left for the rebuild.
    db.pragma('journal_mode = delete');
    db.pragma(`page_size = ${pageSize}`);
    db.exec('vacuum');
    db.pragma('journal_mode = wal');
    const size = db.pragma('page_size', { simple: true }) as number;
    console.log(
      `${config.sqliteFile}: made again with pages of ${size} bytes in ${Date.now() - started} ms.`,
    );
  } finally {
    db.close();
  }
}
