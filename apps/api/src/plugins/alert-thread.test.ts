import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertConfirmedAlert, insertJob, insertSpa } from '../../test/factories.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { waitFor } from '../../test/cluster/cluster.ts';
import { alertThreadDb } from './alert-thread.ts';

/**
 * The API's own digest runs: on a thread with its own connection, which
 * sends due digests by itself, is started again when it ends, and stops with
 * the server.
 */
let t: TestApp;
let smtp: SmtpSink;
let spa: number;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    seed: false,
    env: {
      ALERT_SCHEDULER: 'on',
      ALERT_POLL_MS: '100',
      SMTP_URL: smtp.url,
      SMTP_RETRY_BASE_MS: '20',
      MAIL_FROM: 'Spa Jobs <alerts@spajobs.example>',
    },
  });
  spa = await insertSpa(t.database, { city: 'Indore', state: 'Madhya Pradesh' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A confirmed daily alert for Indore, due now, whose mark is a day old. */
async function dueAlert(email: string): Promise<number> {
  const now = Date.now();
  const id = await insertConfirmedAlert(t.database, t.app.ctx.alerts, email, 'Indore', now);
  await t.database.db
    .updateTable('job_alerts')
    .set({ hwm_at: now - 86_400_000, next_due_at: now - 1000 })
    .where('id', '=', id)
    .execute();
  return id;
}

const sent = async (id: number) =>
  Number(
    (
      await t.database.db
        .selectFrom('job_alerts')
        .select('digests_sent')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).digests_sent,
  );

describe('the alert thread', () => {
  it('sends due digests by itself, off the thread that answers requests', async () => {
    const thread = t.app.ctx.alertThread!;
    expect(thread).not.toBeNull();
    await waitFor(async () => thread.owner !== null, 20_000);
    const owner = thread.owner;
    // Its own scheduler, not the app's.
    expect(owner).not.toBe(t.app.ctx.alertScheduler.owner);
    await insertJob(t.database, spa, {
      city: 'Indore',
      state: 'Madhya Pradesh',
      title: 'Thai Therapist',
      // Older than a run's settling time (SETTLE_MS).
      posted_at: Date.now() - 600_000,
    });
    const id = await dueAlert('meera@example.com');
    const [mail] = await smtp.waitFor(1, 20_000);
    expect(mail!.to).toBe('meera@example.com');
    expect(mail!.text).toContain('Thai Therapist');
    expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    await waitFor(async () => (await sent(id)) > 0, 20_000);
    expect(await sent(id)).toBe(1);
  }, 60_000);

  it('is started again when it ends, and goes on sending', async () => {
    const thread = t.app.ctx.alertThread!;
    const before = thread.threadId;
    expect(before).toBeGreaterThan(0);
    // As an uncaught error in the thread would end it.
    await thread.kill();
    await waitFor(
      async () => thread.threadId > 0 && thread.threadId !== before && thread.owner !== null,
      20_000,
    );
    const id = await dueAlert('ravi@example.com');
    await waitFor(async () => smtp.mails.some((m) => m.to === 'ravi@example.com'), 20_000);
    await waitFor(async () => (await sent(id)) > 0, 20_000);
    expect(await sent(id)).toBe(1);
    // Each digest once: the first alert's was not sent again by the new thread.
    expect(smtp.mails.filter((m) => m.to === 'meera@example.com')).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to === 'ravi@example.com')).toHaveLength(1);
  }, 60_000);

  it('stops with the server', async () => {
    const thread = t.app.ctx.alertThread!;
    await t.app.close();
    expect(thread.threadId).toBe(-1);
  });
});

describe("the alert thread's connections", () => {
  it('on PostgreSQL, a small pool of its own on the primary, never the read replica', () => {
    const pgOptions = { databaseUrl: 'postgres://db/spajobs', readDatabaseUrl: 'postgres://replica/spajobs' };
    expect(alertThreadDb(pgOptions)).toEqual({ databaseUrl: 'postgres://db/spajobs', poolSize: 2 });
  });

  it('on SQLite, one connection reading on the thread itself; none for an in-memory database', () => {
    expect(alertThreadDb({ sqliteFile: '/data/spajobs.db', readWorkers: 2 })).toEqual({
      sqliteFile: '/data/spajobs.db',
      readWorkers: 0,
      cacheKiB: 8192,
    });
    expect(alertThreadDb({ sqliteFile: ':memory:' })).toBeNull();
  });
});
