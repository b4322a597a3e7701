import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'a-test-secret-that-is-long-enough-0123',
    ...env,
  } as NodeJS.ProcessEnv);

describe('settings for several instances', () => {
  it('runs one process on either engine unless WEB_CONCURRENCY says', () => {
    expect(load({}).webConcurrency).toBe(1);
    expect(load({ DATABASE_URL: 'postgres://db/spajobs' }).webConcurrency).toBe(1);
    expect(load({ DATABASE_URL: 'postgres://db/spajobs', WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(() => load({ WEB_CONCURRENCY: 'many' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => load({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('gives mail about one thread per core over all processes, one or two in each, unless MAIL_THREADS says', () => {
    const cores = os.availableParallelism();
    expect(load({}).mailThreads).toBe(Math.max(1, Math.min(2, cores)));
    expect(load({ WEB_CONCURRENCY: String(cores) }).mailThreads).toBe(1);
    expect(load({ WEB_CONCURRENCY: String(cores * 4) }).mailThreads).toBe(1);
    expect(load({ MAIL_THREADS: '3' }).mailThreads).toBe(3);
  });

  it('gives the job-alert digests, which one process of all sends, one or two mail threads by the machine', () => {
    const cores = os.availableParallelism();
    expect(load({}).alertMailThreads).toBe(Math.max(1, Math.min(2, cores)));
    expect(load({ WEB_CONCURRENCY: String(cores * 4) }).alertMailThreads).toBe(
      Math.max(1, Math.min(2, cores)),
    );
    expect(load({ ALERT_MAIL_THREADS: '3' }).alertMailThreads).toBe(3);
  });

  it('renders pages on one thread per core over all processes, at least one in each, unless RENDER_THREADS says', () => {
    const cores = os.availableParallelism();
    expect(load({}).renderThreads).toBe(Math.max(1, cores));
    expect(load({ WEB_CONCURRENCY: String(cores) }).renderThreads).toBe(1);
    expect(load({ WEB_CONCURRENCY: String(cores * 4) }).renderThreads).toBe(1);
    expect(load({ RENDER_THREADS: '3' }).renderThreads).toBe(3);
    expect(load({ RENDER_THREADS: '0' }).renderThreads).toBe(Math.max(1, cores));
  });

  it('keeps uploads in UPLOADS_DIR when set, else in the data folder', () => {
    expect(load({}).uploadsDir).toBe(path.join(dataDir, 'uploads'));
    expect(load({ UPLOADS_DIR: '/srv/shared/uploads' }).uploadsDir).toBe('/srv/shared/uploads');
  });

  it('reads Redis, its key prefix and a read replica from the environment', () => {
    const c = load({
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'jobs-a:',
      DATABASE_READ_URL: 'postgres://replica/spajobs',
    });
    expect(c.redisUrl).toBe('redis://cache:6379');
    expect(c.redisPrefix).toBe('jobs-a:');
    expect(c.databaseReadUrl).toBe('postgres://replica/spajobs');
    const d = load({});
    expect(d.redisUrl).toBeUndefined();
    expect(d.redisPrefix).toBe('spajobs:');
    expect(d.databaseReadUrl).toBeUndefined();
  });
});
