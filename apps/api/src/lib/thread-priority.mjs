// A thread's own priority. On Linux each thread has a niceness of its own, set through its thread id; a
// background thread (mail, digests, upkeep reads) lowers its own so that it gives way to the threads
// answering visitors whenever the CPU is short.
import fs from 'node:fs';
import os from 'node:os';

/** Gives this thread the niceness `nice`; elsewhere than Linux, or where not allowed, it keeps the process's. */
export function lowerThisThread(nice) {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) os.setPriority(tid, nice);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}
