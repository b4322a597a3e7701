import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, SQLITE_PAGE_SIZE } from './database.ts';
import { migrateToLatest } from './migrate.ts';

// A new database file is made with 16 KiB pages (decision 53); a file made before keeps its own page size
// and works as before: the page size of a file that holds data changes only when it is rebuilt.
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-page-size-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const pageSize = (file: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.pragma('page_size', { simple: true });
  } finally {
    db.close();
  }
};

it('a new database file is made with 16 KiB pages, in WAL mode, and read by the read threads', async () => {
  const file = path.join(dir, 'new.db');
  const d = await createDb({ sqliteFile: file, readWorkers: 1 });
  try {
    await migrateToLatest(d);
    await sql`create table notes (i integer primary key, s text)`.execute(d.db);
    await sql`insert into notes (s) values (${'written'})`.execute(d.db);
    const read = await sql<{ s: string }>`select s from notes`.execute(d.read);
    expect(read.rows.map((r) => r.s)).toEqual(['written']);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(d.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
  } finally {
    await d.destroy();
  }
  expect(SQLITE_PAGE_SIZE).toBe(16_384);
  expect(pageSize(file)).toBe(SQLITE_PAGE_SIZE);
});

it('a database file made with 4 KiB pages keeps them, and is migrated and read as before', async () => {
  const file = path.join(dir, 'old.db');
  const old = new SQLite(file);
  old.pragma('page_size = 4096');
  old.pragma('journal_mode = WAL');
  old.exec('create table kept (i integer primary key, s text)');
  old.prepare('insert into kept (s) values (?)').run('from before');
  old.close();
  const d = await createDb({ sqliteFile: file, readWorkers: 1 });
  try {
    await migrateToLatest(d);
    const rows = await sql<{ s: string }>`select s from kept`.execute(d.read);
    expect(rows.rows.map((r) => r.s)).toEqual(['from before']);
    const spas = await sql<{ n: number }>`select count(*) as n from spas`.execute(d.read);
    expect(Number(spas.rows[0]?.n)).toBe(0);
  } finally {
    await d.destroy();
  }
  expect(pageSize(file)).toBe(4096);
});
