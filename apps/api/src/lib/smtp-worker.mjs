// SMTP in a worker thread: building each message (MIME, encodings) and writing it to the
// connections costs about a millisecond of CPU, which a digest run of 100,000 alerts would
// otherwise take from the API's event loop. The pool in mailer.ts sends it one message per task.
import fs from 'node:fs';
import os from 'node:os';
import { workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

// Mail can wait a moment; a visitor's page cannot. On Linux a thread has a priority of its own, so this
// one gives way to the API's threads whenever the CPU is short.
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) os.setPriority(tid, 10);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

const transport = nodemailer.createTransport(workerData.transport);

/** Resolves with null once the server took the message, or with what the caller needs of a failure. */
export default async function send(message) {
  try {
    await transport.sendMail(message);
    return null;
  } catch (err) {
    return {
      message: err instanceof Error ? err.message : String(err),
      code: err?.code,
      responseCode: err?.responseCode,
    };
  }
}
