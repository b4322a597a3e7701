import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { createMailer, type Mailer } from './mailer.ts';

/**
 * The mail threads' SMTP connections against a real local server: how many
 * they open, that a refused message leaves its connection usable, that a
 * connection the server closed between two messages costs nothing, and that
 * the URL's user and password are used to sign in.
 */

interface Server {
  url: string;
  /** Messages taken, by recipient. */
  received: string[];
  /** Connections the server accepted, and the most open at once. */
  connections: number;
  mostOpen: number;
  /** Sockets open now, to close from the server's side. */
  sockets: Set<Socket>;
  /** Recipients whose message is refused (550). */
  refuse: Set<string>;
  /** Signed-in users. */
  users: string[];
  close(): Promise<void>;
}

async function startServer(opts: { auth?: { user: string; pass: string }; slowMs?: number } = {}) {
  let open = 0;
  const s: Server = {
    url: '',
    received: [],
    connections: 0,
    mostOpen: 0,
    sockets: new Set(),
    refuse: new Set(),
    users: [],
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server = new SMTPServer({
    authOptional: !opts.auth,
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(session: SMTPServerSession, cb) {
      s.connections++;
      s.mostOpen = Math.max(s.mostOpen, ++open);
      cb();
    },
    onClose() {
      open--;
    },
    onAuth(auth, _session, cb) {
      if (auth.username === opts.auth?.user && auth.password === opts.auth?.pass) {
        s.users.push(auth.username!);
        return cb(null, { user: auth.username });
      }
      cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (s.refuse.has(address.address)) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      stream.on('data', () => undefined);
      stream.on('end', () =>
        setTimeout(() => {
          s.received.push(session.envelope.rcptTo[0]!.address);
          cb();
        }, opts.slowMs ?? 0),
      );
    },
  });
  server.server.on('connection', (socket: Socket) => {
    s.sockets.add(socket);
    socket.on('close', () => s.sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.server.address() as AddressInfo;
  const who = opts.auth ? `${opts.auth.user}:${opts.auth.pass}@` : '';
  s.url = `smtp://${who}127.0.0.1:${port}`;
  return s;
}

const message = (to: string) => ({ to, subject: `For ${to}`, text: `Hello ${to}` });

describe('the mail threads’ SMTP connections', () => {
  let server: Server | undefined;
  let mailer: Mailer | undefined;
  afterEach(async () => {
    await mailer?.close();
    await server?.close();
    mailer = server = undefined;
  });

  const start = (url: string, maxConnections = 2) =>
    createMailer({
      smtpUrl: url,
      from: 'Spa Jobs <no-reply@spajobs.example>',
      outboxDir: '/nonexistent',
      log: () => undefined,
      retry: { retries: 0, baseDelayMs: 10 },
      maxConnections,
      threads: 1,
    });

  it('sends many messages over no more connections than allowed, and reuses them', async () => {
    server = await startServer({ slowMs: 5 });
    mailer = start(server.url, 2);
    const to = Array.from({ length: 40 }, (_, i) => `user${i}@example.com`);
    await Promise.all(to.map((t) => mailer!.deliver(message(t))));
    expect([...server.received].sort()).toEqual([...to].sort());
    expect(server.mostOpen).toBe(2);
    expect(server.connections).toBe(2);
  });

  it('keeps using a connection after the server refused a message on it', async () => {
    server = await startServer();
    server.refuse.add('gone@example.com');
    mailer = start(server.url, 1);
    await mailer.deliver(message('a@example.com'));
    const refused = await mailer.deliver(message('gone@example.com')).catch((e: unknown) => e);
    expect(refused).toMatchObject({ responseCode: 550 });
    await mailer.deliver(message('b@example.com'));
    expect(server.received).toEqual(['a@example.com', 'b@example.com']);
    expect(server.connections).toBe(1);
  });

  it('sends on a new connection when the server closed the one kept between messages', async () => {
    server = await startServer();
    mailer = start(server.url, 1);
    await mailer.deliver(message('a@example.com'));
    for (const socket of server.sockets) socket.destroy();
    // With no retries left to the caller, the message must go out on this one call.
    await mailer.deliver(message('b@example.com'));
    await mailer.deliver(message('c@example.com'));
    expect(server.received).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(server.connections).toBe(2);
  });

  it('signs in with the user and password of the URL', async () => {
    server = await startServer({ auth: { user: 'alerts', pass: 's3cret' } });
    mailer = start(server.url);
    await mailer.deliver(message('a@example.com'));
    expect(server.received).toEqual(['a@example.com']);
    expect(server.users).toEqual(['alerts']);
  });

  it('fails a message, and only that one, when the password is wrong', async () => {
    server = await startServer({ auth: { user: 'alerts', pass: 's3cret' } });
    mailer = start(server.url.replace('s3cret', 'wrong'));
    const failure = await mailer.deliver(message('a@example.com')).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'EAUTH' });
    expect(server.received).toEqual([]);
  });

  it('fails every message waiting for a connection when none can be opened, without hanging', async () => {
    const s = await startServer();
    const url = s.url;
    await s.close();
    mailer = start(url, 1);
    const failures = await Promise.all(
      ['a', 'b', 'c'].map((n) => mailer!.deliver(message(`${n}@example.com`)).catch((e: unknown) => e)),
    );
    for (const f of failures)
      expect(f).toMatchObject({ code: 'ESOCKET', message: expect.stringMatching(/ECONNREFUSED/) });
  });
});
