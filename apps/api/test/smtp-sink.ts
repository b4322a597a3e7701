import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Map<string, unknown>;
  /** The message as it arrived, headers and encoded parts. */
  raw: string;
  /** A header's raw value ("List-Unsubscribe"), as sent. */
  header(name: string): string | undefined;
}

type Answer = 'accept' | 'temp' | 'reject' | 'hold';

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /**
   * Decides, for each message, how the server answers: 'accept' (250),
   * 'temp' (451, try again later), 'reject' (550), or 'hold' (never answer:
   * the sender does not know whether the message arrived; the message is not
   * counted as received). An answer may also come later, as a promise.
   */
  answer: (mail: ReceivedMail, n: number) => Answer | Promise<Answer>;
  /** Resolves once `n` messages were accepted. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function toMail(p: ParsedMail, raw: string): ReceivedMail {
  const to = Array.isArray(p.to) ? p.to[0]?.text : p.to?.text;
  const lines = raw
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/);
  return {
    to: to ?? '',
    subject: p.subject ?? '',
    text: p.text ?? '',
    html: typeof p.html === 'string' ? p.html : '',
    messageId: p.messageId ?? '',
    headers: p.headers,
    raw,
    header(name) {
      const line = lines.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      return line?.slice(name.length + 1).trim();
    },
  };
}

/** A real SMTP server on a free loopback port that keeps the messages it accepts. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const held: (() => void)[] = [];
  let seen = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const sink: SmtpSink = {
    url: '',
    port: 0,
    mails: [],
    answer: () => 'accept',
    async waitFor(n, timeoutMs = 15_000) {
      if (sink.mails.length >= n) return sink.mails;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${sink.mails.length} of ${n} mails arrived`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
      return sink.mails;
    },
    async close() {
      for (const h of held) h();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream: SMTPServerDataStream, _session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then(async (parsed) => {
          const mail = toMail(parsed, raw);
          const how = await sink.answer(mail, ++seen);
          if (how === 'hold') {
            held.push(() => callback(new Error('closing')));
            return;
          }
          if (how === 'temp') {
            const err = new Error('Try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            callback(err);
            return;
          }
          if (how === 'reject') {
            const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
            err.responseCode = 550;
            callback(err);
            return;
          }
          sink.mails.push(mail);
          callback();
          for (const w of waiters.filter((x) => sink.mails.length >= x.n)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  sink.port = port;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
