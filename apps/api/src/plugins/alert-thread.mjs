// The API's job-alert digests on a thread of their own (see alert-thread.ts): the scheduler's matching,
// the digests' templates and the database calls of a run of 100,000 alerts would otherwise share the
// event loop with visitors' requests. The thread runs the TypeScript sources as the API does.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Digests can wait a moment; a visitor's page cannot. On Linux a thread has a priority of its own, so this
// one gives way to the API's threads whenever the CPU is short.
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) os.setPriority(tid, 10);
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

register();
const { runAlertThread } = await import('../alert-work.ts');
await runAlertThread(workerData, parentPort);
