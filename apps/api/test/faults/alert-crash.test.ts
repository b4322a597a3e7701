import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';
import { createTestApp, TEST_PG_URL, type TestApp } from '../helpers.ts';
import { insertJob, insertSpa } from '../factories.ts';
import { startSmtpSink, type SmtpSink } from '../smtp-sink.ts';

/**
 * `npm run worker` in a real process, killed with SIGKILL in the middle of a
 * digest run (while the SMTP server has not yet answered one message), then
 * started again: every alert gets its digest exactly once.
 */
let t: TestApp;
let smtp: SmtpSink;
const ALERTS = 24;
let pgSchema = '';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ seed: false, env: { ALERT_SCHEDULER: 'off' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function startWorker(): { child: ChildProcess; exited: Promise<void>; output: () => string } {
  const dbEnv: Record<string, string> =
    t.engine === 'postgres'
      ? { DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: pgSchema }
      : { SQLITE_FILE: path.join(t.config.dataDir, 'test.db') };
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/worker.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...dbEnv,
      DATA_DIR: t.config.dataDir,
      SMTP_URL: smtp.url,
      SMTP_RETRY_BASE_MS: '50',
      ALERT_POLL_MS: '100',
      ALERT_LEASE_MS: '1500',
      ALERT_BATCH: '5',
      ALERT_SEND_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => out };
}

describe('a worker killed in the middle of a run', () => {
  it('sends each digest exactly once after it is started again', async () => {
    if (t.engine === 'postgres') {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.database.db)).rows[0]!
        .s;
      pgSchema = schema;
    }
    const now = Date.now();
    const spa = await insertSpa(t.database, { city: 'Jaipur', state: 'Rajasthan' });
    for (let i = 0; i < 3; i++)
      await insertJob(t.database, spa, { city: 'Jaipur', state: 'Rajasthan', posted_at: now - 600_000 + i });
    for (let i = 0; i < ALERTS; i++) {
      await t.database.db
        .insertInto('alert_addresses')
        .values({ email: `c${i}@example.com`, confirmed_at: now })
        .execute();
      const r = await t.app.ctx.alerts.create({
        email: `c${i}@example.com`,
        userId: null,
        query: { city: 'Jaipur' },
        queryKey: 'jaipur',
        frequency: 'daily',
        language: i % 2 ? 'hi' : 'en',
        tokenHash: null,
        tokenExpiresAt: null,
      });
      expect(r.ok).toBe(true);
    }
    await t.database.db
      .updateTable('job_alerts')
      .set({ hwm_at: now - 86_400_000, next_due_at: now - 1000 })
      .execute();

    // The ninth message is never answered; a moment later the worker is killed.
    const first = startWorker();
    let killedAt = 0;
    smtp.answer = (_mail, n) => {
      if (n < 9) return 'accept';
      if (!killedAt) {
        killedAt = n;
        setTimeout(() => first.child.kill('SIGKILL'), 300);
      }
      return 'hold';
    };
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(smtp.mails).toHaveLength(8);

    smtp.answer = () => 'accept';
    const second = startWorker();
    try {
      await smtp.waitFor(ALERTS, 60_000).catch((err: Error) => {
        throw new Error(`${err.message}\n${second.output()}`);
      });
      // Long enough for any second copy (a lease runs out after 1.5 s) to have come.
      await new Promise((r) => setTimeout(r, 2500));
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    const to = smtp.mails.map((m) => m.to);
    expect(to).toHaveLength(ALERTS);
    expect(new Set(to).size).toBe(ALERTS);
    const rows = await t.database.db
      .selectFrom('job_alerts')
      .select(['digests_sent', 'lease_owner'])
      .execute();
    expect(rows.every((r) => Number(r.digests_sent) === 1 && r.lease_owner === null)).toBe(true);
  }, 150_000);
});
