// SMTP in a worker thread: building each message (MIME, encodings) and writing it to the
// connections costs most of a millisecond of CPU, which a digest run of 100,000 alerts would
// otherwise take from the API's event loop. The pool in mailer.ts sends it one message per task.
import { workerData } from 'node:worker_threads';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { messageBoundary, renderMessage } from './mime-render.mjs';
import { lowerThisThread } from './thread-priority.mjs';

// Mail can wait a moment; a visitor's page cannot. On Linux a thread has a priority of its own, so this
// one gives way to the API's threads whenever the CPU is short.
lowerThisThread(10);

// Errors never leave this thread with their stacks (a failure is answered as its message and codes), and
// Node's stream pipelines, which build every message, make an AbortError for each part they finish: not
// capturing stacks saves about a tenth of a message's CPU.
Error.stackTraceLimit = 0;

const { url, maxConnections, connectionTimeout, greetingTimeout, socketTimeout } = workerData.transport;
const { auth, ...server } = parseConnectionUrl(url);
/** A connection nobody used for this long is closed (servers drop idle ones after a few minutes). */
const IDLE_MS = 30_000;

/**
 * This thread's SMTP connections: nodemailer's own `SMTPConnection`, each carrying one message at a time,
 * at most `maxConnections` open, kept while there is mail. A finished message goes to a connection as
 * one buffer; nodemailer's pooled transport would first take it apart into a message object and stream
 * it through its composer again, which cost more than sending it (about 0.3 of 0.5 ms a message).
 */
const idle = [];
const waiting = [];
let open = 0;

function connect() {
  return new Promise((resolve, reject) => {
    const conn = new SMTPConnection({ ...server, connectionTimeout, greetingTimeout, socketTimeout });
    const c = { conn, sent: 0, dead: false, timer: undefined };
    let settled = false;
    const fail = (err) => {
      c.dead = true;
      const at = idle.indexOf(c);
      if (at >= 0) {
        idle.splice(at, 1);
        clearTimeout(c.timer);
        closed();
      }
      if (!settled) {
        settled = true;
        reject(err);
      }
    };
    // A connection that fails while idle, or that the server closes, is dropped; one that fails during
    // a message is dropped by the callback of `send`, which also gets the error.
    conn.on('error', fail);
    conn.once('end', () => fail(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' })));
    conn.connect((err) => {
      if (err) return fail(err);
      const ready = (err) => {
        if (settled) return;
        if (err) {
          fail(err);
          return conn.close();
        }
        settled = true;
        resolve(c);
      };
      if (auth && (auth.user || auth.pass)) conn.login(auth, ready);
      else ready();
    });
  });
}

/** A connection was closed for good: someone waiting for one gets a new one. */
function closed() {
  open--;
  const next = waiting.shift();
  if (next) acquire().then(next.resolve, next.reject);
}

async function acquire() {
  const c = idle.pop();
  if (c) {
    clearTimeout(c.timer);
    return c;
  }
  if (open < maxConnections) {
    open++;
    try {
      return await connect();
    } catch (err) {
      closed();
      throw err;
    }
  }
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

function release(c) {
  if (c.dead) return discard(c);
  const next = waiting.shift();
  if (next) return next.resolve(c);
  idle.push(c);
  c.timer = setTimeout(() => {
    const at = idle.indexOf(c);
    if (at >= 0) idle.splice(at, 1);
    discard(c);
  }, IDLE_MS);
  c.timer.unref();
}

function discard(c) {
  c.dead = true;
  c.conn.removeAllListeners('end');
  c.conn.close();
  closed();
}

/** The connection was gone (closed or reset by the server), as opposed to a server that stopped answering. */
const connectionLost = (err) => err?.responseCode === 421 || ['ECONNECTION', 'ESOCKET'].includes(err?.code);

/** Sends over one connection; a message the server refused leaves the connection usable for the next. */
async function sendRaw(envelope, raw, retried = false) {
  const c = await acquire();
  const reused = c.sent > 0;
  try {
    await new Promise((resolve, reject) =>
      c.conn.send(envelope, raw, (err) => (err ? reject(err) : resolve())),
    );
    c.sent++;
    release(c);
  } catch (err) {
    if ((err.code === 'EENVELOPE' || err.code === 'EMESSAGE') && err.responseCode !== 421 && !c.dead) {
      c.conn.reset((resetErr) => (resetErr ? discard(c) : release(c)));
      throw err;
    }
    discard(c);
    // A connection kept from earlier messages that the server had closed meanwhile: the message goes
    // once more, at once, on a new one. A server that stopped answering is left to the caller's backoff.
    if (reused && !retried && connectionLost(err)) return sendRaw(envelope, raw, true);
    throw err;
  }
}

/**
 * The text parts' transfer encoding, always named here: left to itself, nodemailer scans every part to
 * choose one, which cost a third of building a digest. It would pick quoted-printable when a text has more
 * Latin letters than other characters, which for Hindi among addresses and links is nine bytes for each
 * Devanagari letter. Base64 is chosen instead whenever it is the shorter of the two (it is also cheaper
 * to make), quoted-printable otherwise (readable as it is).
 */
function textEncoding(message) {
  let bytes = 0;
  let ascii = 0;
  for (const part of [message.text, message.html]) {
    if (typeof part !== 'string') continue;
    bytes += Buffer.byteLength(part);
    for (let i = 0; i < part.length; i++) if (part.charCodeAt(i) <= 0x7e) ascii++;
  }
  // Quoted-printable keeps ASCII as it is and writes three characters (=XX) for every other byte;
  // base64 writes four characters for every three bytes.
  return ascii + 3 * (bytes - ascii) > (4 / 3) * bytes ? 'base64' : 'quoted-printable';
}

/** Resolves with null once the server took the message, or with what the caller needs of a failure. */
export default async function send(message) {
  try {
    // The whole message is built first and handed to the connection as one piece: written part by part
    // as it is encoded, a digest became dozens of small socket writes, on each side of the connection.
    const node = new MailComposer({
      textEncoding: textEncoding(message),
      baseBoundary: messageBoundary(),
      ...message,
    }).compile();
    const envelope = node.getEnvelope();
    const raw = await renderMessage(node);
    await sendRaw(envelope, raw);
    return null;
  } catch (err) {
    return {
      message: err instanceof Error ? err.message : String(err),
      code: err?.code,
      responseCode: err?.responseCode,
    };
  }
}
