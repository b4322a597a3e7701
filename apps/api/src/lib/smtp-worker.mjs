// SMTP in a worker thread: building each message (MIME, encodings) and writing it to the
// connections costs about a millisecond of CPU, which a digest run of 100,000 alerts would
// otherwise take from the API's event loop. The pool in mailer.ts sends it one message per task.
import fs from 'node:fs';
import os from 'node:os';
import { workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';

// Mail can wait a moment; a visitor's page cannot. On Linux a thread has a priority of its own, so this
// one gives way to the API's threads whenever the CPU is short.
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) os.setPriority(tid, 10);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

const transport = nodemailer.createTransport(workerData.transport);

/**
 * The text parts' transfer encoding: nodemailer picks quoted-printable when a text has more Latin letters
 * than other characters, which for Hindi among addresses and links is nine bytes for each Devanagari
 * letter. Base64 is chosen instead whenever it is the shorter of the two (it is also cheaper to make).
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
  return ascii + 3 * (bytes - ascii) > (4 / 3) * bytes ? 'base64' : undefined;
}

/** Resolves with null once the server took the message, or with what the caller needs of a failure. */
export default async function send(message) {
  try {
    // The whole message is built first and handed to the connection as one piece: written part by part
    // as it is encoded, a digest became dozens of small socket writes, on each side of the connection.
    const node = new MailComposer({ textEncoding: textEncoding(message), ...message }).compile();
    const envelope = node.getEnvelope();
    const raw = await node.build();
    await transport.sendMail({ envelope, raw });
    return null;
  } catch (err) {
    return {
      message: err instanceof Error ? err.message : String(err),
      code: err?.code,
      responseCode: err?.responseCode,
    };
  }
}
