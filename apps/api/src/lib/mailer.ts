import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import type { Config } from '../config.ts';
import { reuseWorkerDescriptions } from './worker-descriptions.ts';

const smtpWorkerFile = fileURLToPath(new URL('./smtp-worker.mjs', import.meta.url));

/** What the SMTP thread answers for a message it could not send. */
interface SendFailure {
  message: string;
  code?: string;
  responseCode?: number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text. */
  html?: string;
  /** Extra headers (List-Unsubscribe and the like). */
  headers?: Record<string, string>;
  /** A Message-ID of our own, so that a message sent twice is recognisably one. */
  messageId?: string;
}

export interface Mailer {
  /** Sends in the background: the caller's answer must not depend on (or be timed by) delivery. */
  send(message: MailMessage): void;
  /**
   * Sends and waits until the SMTP server has taken the message (or the
   * outbox holds it), trying again with backoff after a temporary failure;
   * rejects when every try failed or the server refused the message for good.
   */
  deliver(message: MailMessage): Promise<void>;
  /** Waits for messages still being sent (on shutdown, and in tests). */
  flush(): Promise<void>;
  /** Closes SMTP connections. */
  close(): Promise<void>;
}

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** Wait before the first retry; each later wait is four times the one before (with jitter). */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseDelayMs: 2000 };

/** A reply code of 5xx is a refusal for good; anything else (4xx, a dropped connection) may pass later. */
export function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * SMTP when a URL is configured: pooled connections, so that many digests
 * share a few, held by threads of their own (smtp-worker.mjs) that build and
 * write every message away from the event loop. Without one (development,
 * tests, a demo) each message is logged and written to the outbox folder as
 * JSON, named so that the newest file sorts last: the reset link can be read
 * from there.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: () => FastifyBaseLogger | undefined;
  retry?: RetryPolicy;
  /** SMTP connections kept open at most, over all threads. */
  maxConnections?: number;
  /** Threads that build and send messages (1 unless much mail goes out at once). */
  threads?: number;
}): Mailer {
  const retry = opts.retry ?? DEFAULT_RETRY;
  const connections = opts.maxConnections ?? 4;
  const threads = Math.max(1, Math.min(opts.threads ?? 1, connections));
  if (opts.smtpUrl) reuseWorkerDescriptions();
  const smtp = opts.smtpUrl
    ? new Piscina({
        filename: smtpWorkerFile,
        workerData: {
          transport: {
            url: opts.smtpUrl,
            maxConnections: Math.ceil(connections / threads),
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          },
        },
        // Each thread's connections are shared by every message it has in flight. Threads start with the
        // first message and end a minute after the last (after their connections, idle for 30 s, closed):
        // between digest runs, and in a server that sends an occasional confirmation, none are kept.
        minThreads: 0,
        maxThreads: threads,
        // The thread is plain JavaScript: none of the process's flags (its TypeScript loader) is loaded in it.
        execArgv: [],
        // A message's garbage is short-lived: a small young generation is collected often and cheaply,
        // instead of growing each thread's memory by tens of megabytes between collections.
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
        concurrentTasksPerWorker: 4 * Math.ceil(connections / threads),
        idleTimeout: 60_000,
      })
    : null;
  const pending = new Set<Promise<void>>();

  async function deliverOnce(message: MailMessage): Promise<void> {
    if (smtp) {
      const failure = (await smtp.run({ from: opts.from, ...message })) as SendFailure | null;
      if (failure) throw Object.assign(new Error(failure.message), failure);
      return;
    }
    const createdAt = new Date();
    const name = `${createdAt.getTime().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}.json`;
    // Written beside the outbox and moved in whole, so a reader never sees half a message.
    const partialDir = path.join(path.dirname(opts.outboxDir), '.outbox-partial');
    await fs.mkdir(opts.outboxDir, { recursive: true });
    await fs.mkdir(partialDir, { recursive: true });
    const partial = path.join(partialDir, name);
    await fs.writeFile(
      partial,
      JSON.stringify({ from: opts.from, ...message, createdAt: createdAt.toISOString() }, null, 2),
    );
    await fs.rename(partial, path.join(opts.outboxDir, name));
    opts
      .log()
      ?.info(
        { mail: { to: message.to, subject: message.subject }, outbox: name },
        'mail written to outbox (no SMTP configured)',
      );
  }

  async function deliver(message: MailMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await deliverOnce(message);
        return;
      } catch (err) {
        if (attempt >= retry.retries || isPermanent(err)) throw err;
        const wait = retry.baseDelayMs * 4 ** attempt * (0.75 + Math.random() / 2);
        opts
          .log()
          ?.warn({ err, subject: message.subject, attempt: attempt + 1 }, 'mail not sent; trying again');
        await sleep(wait);
      }
    }
  }

  return {
    send(message) {
      const p = deliver(message)
        .catch((err: unknown) => opts.log()?.error({ err, subject: message.subject }, 'mail not sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    deliver,
    async flush() {
      await Promise.all([...pending]);
    },
    async close() {
      await smtp?.destroy();
    },
  };
}

/** The young generation of a thread that builds messages or digests, in MB. */
export const YOUNG_GENERATION_MB = 8;

/** The mailer the configuration asks for (SMTP_URL, its retries and threads; else the outbox). */
export function mailerFromConfig(
  config: Config,
  log: () => FastifyBaseLogger | undefined,
  threads = config.mailThreads,
): Mailer {
  return createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.outboxDir,
    log,
    retry: { retries: config.smtpRetries, baseDelayMs: config.smtpRetryBaseMs },
    maxConnections: config.alerts.concurrency,
    threads,
  });
}
