import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { dropTestSchema, TEST_PG_URL } from '../../test/helpers.ts';

const run = promisify(execFile);
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-cli-'));
const schema = `cli_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: 'http://localhost:3000',
  ...(engine === 'postgres' ? { DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: schema } : {}),
};
const cli = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'user.ts'), ...args], { env });

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'postgres') await dropTestSchema(schema);
});

describe('npm run user', () => {
  it('makes an admin with no password and prints a one-time link that sets it', async () => {
    const { stdout } = await cli(['--role', 'admin', '--email', 'Ops@Example.in']);
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(stdout)?.[1];
    expect(token).toBeDefined();
    expect(stdout).not.toMatch(/password:/i);

    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
    const database = await createDb({
      databaseUrl: config.databaseUrl,
      sqliteFile: config.sqliteFile,
      pgSchema: config.databaseSchema,
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const row = await database.db
        .selectFrom('users')
        .select(['role', 'password_hash'])
        .where('email', '=', 'ops@example.in')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'admin', password_hash: null });
      const login = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/employer/login',
          payload: { login: 'ops@example.in', password },
        });
      expect((await login('chosen-by-the-admin')).statusCode).toBe(401);

      const set = await app.inject({
        method: 'POST',
        url: '/api/v1/users/reset-password',
        payload: { token, password: 'chosen-by-the-admin' },
      });
      expect(set.statusCode).toBe(200);
      const signedIn = await login('chosen-by-the-admin');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().role).toBe('admin');
      const again = await app.inject({
        method: 'POST',
        url: '/api/v1/users/reset-password',
        payload: { token, password: 'another-password-1' },
      });
      expect(again.statusCode).toBe(400);
    } finally {
      await app.close();
      await database.destroy();
    }
  }, 60_000);

  it('refuses an unknown role or a bad e-mail address', async () => {
    await expect(cli(['--role', 'root', '--email', 'a@b.in'])).rejects.toMatchObject({ code: 2 });
    await expect(cli(['--role', 'admin', '--email', 'nope'])).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});
