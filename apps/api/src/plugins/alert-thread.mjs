// The API's job-alert digests on a thread of their own (see alert-thread.ts): the scheduler's matching,
// the digests' templates and the database calls of a run of 100,000 alerts would otherwise share the
// event loop with visitors' requests. The thread runs the API's TypeScript sources built into one module
// in memory (lib/thread-module.mjs), without the TypeScript loader that the API's own thread runs them with.
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { importBuilt } from '../lib/thread-module.mjs';
import { lowerThisThread } from '../lib/thread-priority.mjs';

// Digests can wait a moment; a visitor's page cannot. On Linux a thread has a priority of its own, so this
// one gives way to the API's threads whenever the CPU is short.
lowerThisThread(10);

const { runAlertThread } = await importBuilt(fileURLToPath(new URL('../alert-work.ts', import.meta.url)));
await runAlertThread(workerData, parentPort);
