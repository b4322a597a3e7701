import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { createDb } from '../../src/db/database.ts';
import { rebuildJobWords } from '../../src/db/job-words.ts';
import { dropTestSchema, TEST_PG_URL } from '../helpers.ts';

/**
 * A bulk load (`npm run seed`) killed with SIGKILL midway leaves the keyword words' lists paused, so no
 * search reads them half made; the next start makes them whole (decision 64).
 */
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-seed-crash-'));
const schema = `seed_crash_${randomBytes(4).toString('hex')}`;
const env =
  engine === 'postgres'
    ? { DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: schema }
    : { DATABASE_URL: '', SQLITE_FILE: path.join(dir, 'seeded.db') };

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (engine === 'postgres') await dropTestSchema(schema);
});

describe('a bulk load killed midway', () => {
  it('leaves the lists paused, and a start makes them whole', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/seed.ts', '--spas', '3000', '--jobs', '60000', '--reset'],
      { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    // Killed once it has written its first thousand spas' jobs (its first line of progress), while it writes
    // the next thousand's: long before it is done.
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        output += d.toString();
        if (/jobs…/.test(output)) resolve();
      });
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      child.on('exit', () => reject(new Error(`the seed ended before it was killed: ${output}`)));
    });
    child.kill('SIGKILL');
    await new Promise((done) => child.once('exit', done));
    expect(output).not.toMatch(/Generated/);

    const database = await createDb({
      databaseUrl: env.DATABASE_URL,
      sqliteFile: env.SQLITE_FILE,
      pgSchema: engine === 'postgres' ? schema : undefined,
      readWorkers: 0,
      queryBudgetMs: 0,
    });
    try {
      const open = async () =>
        Number(
          (await sql<{ n: number }>`select count(*) as n from jobs where is_active = 1`.execute(database.db))
            .rows[0]!.n,
        );
      const listed = async () =>
        Number(
          (await sql<{ n: number }>`select count(distinct job_id) as n from job_words`.execute(database.db))
            .rows[0]!.n,
        );
      const ready = async () =>
        (await sql<{ ready: unknown }>`select ready from job_words_state`.execute(database.db)).rows[0]!
          .ready;
      // Midway: some of the jobs, not all.
      const written = Number(
        (await sql<{ n: number }>`select count(*) as n from jobs`.execute(database.db)).rows[0]!.n,
      );
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(60_000);
      expect(await open()).toBeGreaterThan(0);
      expect(Boolean(await ready())).toBe(false);
      expect(await listed()).toBe(0);
      // What a start does (main.ts): the lists made from every open job.
      expect(await rebuildJobWords(database.db, database.engine, { ifPaused: true })).toBe(true);
      expect(Boolean(await ready())).toBe(true);
      expect(await listed()).toBe(await open());
    } finally {
      await database.destroy();
    }
  }, 120_000);
});
