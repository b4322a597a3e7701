import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoData } from '../demo/seed.ts';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-vacuum-'));
const file = path.join(dataDir, 'spajobs.db');
const env = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, DATABASE_URL: '' };

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * `npm run vacuum` makes a SQLite file again with larger pages. The sqlite3 shell cannot: the walks'
 * indexes hold each job's text signature (decision 58), and a vacuum writes them again.
 */
describe('npm run vacuum', () => {
  it('turns a file of 4 KiB pages into one of 16 KiB pages, its jobs and their search intact', async () => {
    // A file made as before decision 53: 4 KiB pages.
    const old = new SQLite(file);
    old.pragma('page_size = 4096');
    old.exec('create table made_before (x integer)');
    old.close();
    const database = await createDb({ sqliteFile: file, readWorkers: 0 });
    await migrateToLatest(database);
    await seedDemoData(database, { spas: 10, jobs: 120, seed: 3 });
    await database.destroy();

    // The shell's connection has no signature function: its vacuum fails, and changes nothing.
    const shell = new SQLite(file);
    expect(() => shell.exec('vacuum')).toThrow(/job_text_signature/);
    shell.close();

    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'vacuum.ts'), '--page-size', '16384'],
      { env },
    );
    expect(stdout).toContain('pages of 16384 bytes');

    const check = await createDb({ sqliteFile: file, readWorkers: 0 });
    const app = await buildApp({
      config: loadConfig({
        ...env,
        LOG_LEVEL: 'silent',
        PUBLIC_BASE_URL: 'http://localhost:3000',
      } as NodeJS.ProcessEnv),
      database: check,
      logger: false,
    });
    try {
      const raw = new SQLite(file, { readonly: true });
      expect(raw.pragma('page_size', { simple: true })).toBe(16_384);
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      raw.close();
      const res = await app.inject('/api/v1/spajobs?q=therapist&limit=50');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ total: number }>();
      const { n } = (await check.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_active', '=', 1)
        .where((eb) =>
          eb.or([
            eb('title', 'like', '%therapist%'),
            eb('spa_name', 'like', '%therapist%'),
            eb('description', 'like', '%therapist%'),
          ]),
        )
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', Date.now())]))
        .executeTakeFirstOrThrow()) as { n: number };
      expect(body.total).toBe(Number(n));
      expect(body.total).toBeGreaterThan(0);
    } finally {
      await app.close();
      await check.destroy();
    }
  });
});
