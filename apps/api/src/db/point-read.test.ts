import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { TEST_PG_URL } from '../../test/helpers.ts';
import { createDb, type Db } from './database.ts';
import { ReadPool } from './sqlite/read-pool.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * Point reads (`Db.point`, decision 29): on SQLite a read-only connection of the API's own thread beside the
 * writer, on PostgreSQL the public reads' pool. Either way they see what was committed, and only that.
 */
describe('point reads', () => {
  let dir: string;
  let schema: string | undefined;
  let d: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-point-'));
    if (onPostgres) schema = `point_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    d = onPostgres
      ? await createDb({ databaseUrl: TEST_PG_URL, pgSchema: schema, poolSize: 3 })
      : await createDb({ sqliteFile: path.join(dir, 'point.db'), readWorkers: 1 });
    await sql`create table notes (id integer primary key, text text not null)`.execute(d.db);
    await sql`insert into notes (id, text) values (1, 'first')`.execute(d.db);
  });
  afterAll(async () => {
    await d.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
    if (schema) {
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  const pointText = async (id: number) =>
    (await sql<{ text: string }>`select text from notes where id = ${id}`.execute(d.point)).rows[0]?.text;

  it('see what was committed at once, and never what a transaction has not yet committed', async () => {
    await sql`update notes set text = 'second' where id = 1`.execute(d.db);
    expect(await pointText(1)).toBe('second');

    let seenInside: string | undefined;
    await d.db.transaction().execute(async (trx) => {
      await sql`update notes set text = 'third' where id = 1`.execute(trx);
      await sql`insert into notes (id, text) values (2, 'new')`.execute(trx);
      seenInside = await pointText(1);
      expect(await pointText(2)).toBeUndefined();
    });
    expect(seenInside).toBe('second');
    expect(await pointText(1)).toBe('third');
    expect(await pointText(2)).toBe('new');
  });

  it('on SQLite, run on a connection of their own that cannot write', async () => {
    if (onPostgres) {
      expect(d.point).toBe(d.read);
      return;
    }
    expect(d.point).not.toBe(d.db);
    await expect(sql`update notes set text = 'x' where id = 1`.execute(d.point)).rejects.toThrow(/readonly/i);
    expect(await pointText(1)).toBe('third');
  });

  it('on SQLite, read the file through their own cache, as the read threads do, never a mapping of it', async () => {
    if (onPostgres) return;
    // SQLite drops a reader's whole mapping at its next read after any other connection's commit
    // (decision 31); a reader that maps the file pays for it several times a second.
    const mapped = async (db: Db['point']) =>
      Number((await sql<{ mmap_size: number }>`pragma mmap_size`.execute(db)).rows[0]?.mmap_size);
    expect(await mapped(d.point)).toBe(0);
    const pool = new ReadPool({ file: path.join(dir, 'point.db'), threads: 1, budgetMs: 5000 });
    try {
      expect(await pool.read('pragma mmap_size', [])).toEqual([{ mmap_size: 0 }]);
      // They still read what was committed last.
      await sql`update notes set text = 'fourth' where id = 1`.execute(d.db);
      expect(await pool.read('select text from notes where id = ?', [1])).toEqual([{ text: 'fourth' }]);
      expect(await pointText(1)).toBe('fourth');
    } finally {
      await pool.destroy();
    }
  });
});
