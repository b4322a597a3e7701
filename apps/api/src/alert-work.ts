import type { MessagePort } from 'node:worker_threads';
import pino from 'pino';
import type { Config } from './config.ts';
import { createDb, type Db, type DbOptions } from './db/database.ts';
import { mailerFromConfig } from './lib/mailer.ts';
import { createAlertScheduler } from './plugins/alert-scheduler.ts';
import { AlertRepository } from './repositories/alert-repository.ts';

/** Job-alert digests running on their own: a scheduler polling until stopped, with a mailer of its own. */
export interface AlertWork {
  readonly owner: string;
  /** Stops after the batch being sent, and sends what is still queued. */
  stop(): Promise<void>;
}

export function startAlertWork(config: Config, database: Db, log: pino.Logger): AlertWork {
  // The digests' own mail threads: one process of all sends them, so it may use every core for them.
  const mailer = mailerFromConfig(config, () => log, config.alertMailThreads);
  const scheduler = createAlertScheduler({
    alerts: new AlertRepository(database),
    mailer,
    config,
    log: () => log,
  });
  scheduler.start();
  return {
    owner: scheduler.owner,
    async stop() {
      await scheduler.stop();
      await mailer.flush();
      await mailer.close();
    },
  };
}

/** What the API process hands its alert thread (alert-thread.ts). */
export interface AlertThreadData {
  config: Config;
  db: DbOptions;
}

/** What the alert thread tells the API process. */
export type AlertThreadMessage = { type: 'started'; owner: string } | { type: 'stopped' };

/**
 * The body of the API's alert thread (alert-thread.mjs): its own database
 * connection, scheduler and mail threads, so that a digest run takes nothing
 * from the event loop that answers visitors. It stops when told to.
 */
export async function runAlertThread(data: AlertThreadData, port: MessagePort): Promise<void> {
  const log = pino({ level: data.config.logLevel }).child({ thread: 'alerts' });
  const database = await createDb(data.db);
  const work = startAlertWork(data.config, database, log);
  port.once('message', () => {
    void (async () => {
      await work.stop().catch((err: unknown) => log.error({ err }, 'job alert thread did not stop cleanly'));
      await database.destroy().catch(() => undefined);
      port.postMessage({ type: 'stopped' } satisfies AlertThreadMessage);
      port.close();
    })();
  });
  log.info({ owner: work.owner, everyMs: data.config.alerts.pollMs }, 'job alert thread started');
  port.postMessage({ type: 'started', owner: work.owner } satisfies AlertThreadMessage);
}
