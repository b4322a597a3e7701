import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '../database.ts';

// SQLite's write-ahead log is checkpointed on a thread of its own, not by the writing connection on the
// API's thread (checkpoint-worker.mjs). The log then stops growing: once its frames are in the database,
// the next write starts it again from the beginning.
let dir: string;
let d: Db;
const file = () => path.join(dir, 'wal.db');
const walBytes = () => fs.statSync(`${file()}-wal`).size;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-wal-'));
  d = await createDb({ sqliteFile: file(), readWorkers: 1 });
  await sql`create table pages (id integer primary key, body text not null)`.execute(d.db);
});
afterAll(async () => {
  await d.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** About 1,500 log pages, more than the 1,000 at which the writing connection would checkpoint by itself. */
async function writeMany(from: number) {
  await d.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 1500; i++) {
      await sql`insert into pages (id, body) values (${from + i}, ${'x'.repeat(3000)})`.execute(trx);
    }
  });
}

it('the writing connection leaves checkpoints to the thread, which keeps the log from growing', async () => {
  expect(
    (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(d.db)).rows[0],
  ).toEqual({
    wal_autocheckpoint: 0,
  });
  await writeMany(0);
  const afterFirst = walBytes();
  expect(afterFirst).toBeGreaterThan(1000 * 4096);
  // The thread checkpoints every second; without it the second batch would double the log.
  await new Promise((r) => setTimeout(r, 2500));
  await writeMany(10_000);
  expect(walBytes()).toBeLessThan(afterFirst * 1.5);
  expect((await sql<{ n: number }>`select count(*) as n from pages`.execute(d.point)).rows[0]!.n).toBe(3000);
});
