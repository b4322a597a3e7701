import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { createDb } from '../../src/db/database.ts';
import { runMigrations } from '../../src/db/migrate.ts';

/**
 * SQLite: a migration and the row that records it commit together. A process killed with SIGKILL in the
 * middle of a migration, and a migration that fails halfway, leave nothing of it, and it runs whole the
 * next time.
 */
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-migration-crash-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The tables of the file and the migrations it records. */
function state(file: string): { tables: string[]; recorded: string[] } {
  const db = new SQLite(file, { readonly: true });
  try {
    const names = (q: string) => (db.prepare(q).all() as { name: string }[]).map((r) => r.name);
    return {
      tables: names(
        `select name from sqlite_master where type = 'table' and name like 'half%' order by name`,
      ),
      recorded: names('select name from kysely_migration order by name'),
    };
  } finally {
    db.close();
  }
}

const complete = {
  up: async (db: Kysely<unknown>) => {
    await sql`create table half_done (i integer primary key)`.execute(db);
    await sql`insert into half_done (i) values (1), (2)`.execute(db);
  },
};

describe('migrations on SQLite', () => {
  it('leave nothing of a migration whose process was killed midway, and run it whole on the next start', async () => {
    const file = path.join(dir, 'killed.db');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/api/test/faults/half-migration.ts'), file],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes('midway')) resolve();
      });
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      child.once('exit', () => reject(new Error(`the migration's process ended by itself: ${output}`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    expect(state(file)).toEqual({ tables: [], recorded: [] });
    const database = await createDb({ sqliteFile: file, readWorkers: 0 });
    try {
      await runMigrations(database, { '0001-half': complete });
      const rows = await sql<{ i: number }>`select i from half_done order by i`.execute(database.db);
      expect(rows.rows.map((r) => r.i)).toEqual([1, 2]);
    } finally {
      await database.destroy();
    }
    expect(state(file)).toEqual({ tables: ['half_done'], recorded: ['0001-half'] });
  });

  it('leave nothing of a migration that failed halfway, and keep those before it', async () => {
    const file = path.join(dir, 'failed.db');
    const database = await createDb({ sqliteFile: file, readWorkers: 0 });
    try {
      const failing = {
        up: async (db: Kysely<unknown>) => {
          await sql`create table half_second (i integer primary key)`.execute(db);
          throw new Error('the second migration fails');
        },
      };
      await expect(
        runMigrations(database, { '0001-half': complete, '0002-half-second': failing }),
      ).rejects.toThrow(/0002-half-second failed: .*the second migration fails/);
      expect(state(file)).toEqual({ tables: ['half_done'], recorded: ['0001-half'] });
      const fixed = {
        up: async (db: Kysely<unknown>) =>
          sql`create table half_second (i integer)`.execute(db).then(() => {}),
      };
      await runMigrations(database, { '0001-half': complete, '0002-half-second': fixed });
    } finally {
      await database.destroy();
    }
    expect(state(file)).toEqual({
      tables: ['half_done', 'half_second'],
      recorded: ['0001-half', '0002-half-second'],
    });
  });
});
