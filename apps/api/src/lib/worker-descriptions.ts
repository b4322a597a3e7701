import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Piscina describes each of its workers to its load balancer with a new object for every task it places
 * and every task that ends (`WorkerInfo`'s `interface` getter: an object of six getters that read through
 * to the worker). Thousands of reads a second made them most of what the API's main heap promoted and
 * carried to its next full collection, and a heap that promotes faster is let grow further before it
 * is collected (decision 21's last addendum). The getters read the worker's state live, so one
 * description per worker, made on first use and kept, answers exactly as a new one each time. It is
 * done once for the process's or thread's copy of piscina, and so for every pool of it there: the read
 * pool's, and the SMTP threads' in the thread that sends digests (one task a message).
 *
 * The class is not among the package's exports, so it is found beside its entry point; a piscina whose
 * insides have changed is left as it is (`read-pool.sqlite.test.ts` fails then, to say so).
 */
export function reuseWorkerDescriptions(): boolean {
  reusing ??= keepWorkerDescriptions();
  return reusing;
}
let reusing: boolean | undefined;

function keepWorkerDescriptions(): boolean {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('piscina');
    const internals = require(path.join(path.dirname(entry), 'worker_pool/index.js')) as {
      WorkerInfo?: { prototype: object };
    };
    const proto = internals.WorkerInfo?.prototype;
    const own = proto && Object.getOwnPropertyDescriptor(proto, 'interface');
    if (!proto || !own?.get) return false;
    const describe = own.get;
    const made = new WeakMap<object, unknown>();
    Object.defineProperty(proto, 'interface', {
      configurable: true,
      enumerable: own.enumerable ?? false,
      get(this: object) {
        let description = made.get(this);
        if (description === undefined) made.set(this, (description = describe.call(this)));
        return description;
      },
    });
    return true;
  } catch {
    return false;
  }
}
