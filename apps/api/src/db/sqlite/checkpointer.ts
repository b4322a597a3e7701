import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const workerFile = fileURLToPath(new URL('./checkpoint-worker.mjs', import.meta.url));

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints the database's write-ahead log every `everyMs` on a thread of its own (the writing
 * connection's own checkpoints are switched off). A thread that fails is started again a second later.
 */
export function startCheckpointer(file: string, everyMs = 1000): Checkpointer {
  let worker: Worker | undefined;
  let stopped = false;
  const start = () => {
    const w = new Worker(workerFile, { workerData: { file, everyMs }, execArgv: [] });
    w.unref();
    w.on('message', (m: { failed?: string }) => {
      if (m.failed) console.warn(`A checkpoint of ${file} failed: ${m.failed}`);
    });
    w.on('error', (err) => console.warn(`The checkpoint thread of ${file} failed: ${err.message}`));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      if (!stopped) setTimeout(() => !stopped && (worker ??= start()), 1000).unref();
    });
    return w;
  };
  worker = start();
  return {
    async stop() {
      stopped = true;
      const w = worker;
      worker = undefined;
      if (!w) return;
      const exited = once(w, 'exit');
      w.postMessage('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 2000).unref())]);
      await w.terminate();
    },
  };
}
