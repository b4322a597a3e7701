import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends in the background: the caller's answer must not depend on (or be timed by) delivery. */
  send(message: MailMessage): void;
  /** Waits for messages still being sent (on shutdown, and in tests). */
  flush(): Promise<void>;
}

/**
 * SMTP when a URL is configured. Without one (development, tests, a demo) each
 * message is logged and written to the outbox folder as JSON, named so that
 * the newest file sorts last: the reset link can be read from there.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: () => FastifyBaseLogger | undefined;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    if (transport) {
      await transport.sendMail({ from: opts.from, ...message });
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
    opts.log()?.info({ mail: { ...message }, outbox: name }, 'mail written to outbox (no SMTP configured)');
  }

  return {
    send(message) {
      const p = deliver(message)
        .catch((err: unknown) => opts.log()?.error({ err, subject: message.subject }, 'mail not sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
