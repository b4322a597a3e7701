import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reuseWorkerDescriptions } from '../../lib/worker-descriptions.ts';
import { ReadPool } from './read-pool.ts';

// The read pool keeps one description of each worker for piscina's load balancer instead of a new one
// for every read (reuseWorkerDescriptions). The descriptions must still tell each worker's state as it is.
let dir: string;
const file = () => path.join(dir, 'reads.db');
const workerFile = fileURLToPath(new URL('./read-worker.mjs', import.meta.url));

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-reads-'));
  const db = new Database(file());
  db.pragma('journal_mode = WAL');
  db.exec('create table n (i integer primary key)');
  db.prepare('insert into n (i) select value from json_each(?)').run(JSON.stringify([1, 2, 3, 4, 5]));
  db.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("piscina's insides are as the read pool expects, and it takes them", () => {
  expect(reuseWorkerDescriptions()).toBe(true);
  // Taken once: a second call changes nothing.
  expect(reuseWorkerDescriptions()).toBe(true);
});

it('each worker is described by one object, which reads its state live', async () => {
  expect(reuseWorkerDescriptions()).toBe(true);
  const seen: { worker: object; usage: number; id: number }[] = [];
  const pool = new Piscina({
    filename: workerFile,
    workerData: { file: file() },
    minThreads: 1,
    maxThreads: 1,
    concurrentTasksPerWorker: 2,
    loadBalancer: (_task, workers) => {
      for (const w of workers) seen.push({ worker: w, usage: w.currentUsage, id: w.id });
      // The least busy worker that can take another read, as piscina's own balancer chooses.
      return workers.find((w) => w.currentUsage < 2) ?? null;
    },
  });
  try {
    const rows = await Promise.all([
      pool.run({ sql: 'select count(*) as n from n', parameters: [] }),
      pool.run({ sql: 'select max(i) as m from n where i < ?', parameters: [4] }),
    ]);
    expect(rows).toEqual([[{ n: 5 }], [{ m: 3 }]]);
    await pool.run({ sql: 'select i from n where i = ?', parameters: [2] });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    // One thread, so one description, whatever the number of reads placed on it.
    expect(new Set(seen.map((s) => s.worker)).size).toBe(1);
    expect(new Set(seen.map((s) => s.id)).size).toBe(1);
    // Its state is read when asked: idle for the first read, busy with it for the second.
    expect(seen[0]!.usage).toBe(0);
    expect(seen[1]!.usage).toBe(1);
  } finally {
    await pool.destroy();
  }
});

it('the read pool answers reads after taking them, and refuses writes', async () => {
  const pool = new ReadPool({ file: file(), threads: 2, budgetMs: 5000 });
  try {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => pool.read('select i * 10 as x from n where i = ?', [i])),
    );
    expect(answers).toEqual([[{ x: 10 }], [{ x: 20 }], [{ x: 30 }], [{ x: 40 }], [{ x: 50 }]]);
    await expect(pool.read('delete from n', [])).rejects.toThrow('Only reads run in the read pool');
  } finally {
    await pool.destroy();
  }
});

it('a read may wait for the thread as long as its budget, then run as long again; one that waits longer is dropped, no thread ended', async () => {
  // A read that counts to `n`, sized to take about 0.65 of the budget on this machine: from its fastest
  // timing, since a timing slowed by other work would size it too short for the last read to pass its budget.
  const count =
    'with recursive c(i) as (select 1 union all select i + 1 from c where i < ?) select count(*) as n from c';
  const budgetMs = 2000;
  const calibrate = new ReadPool({ file: file(), threads: 1, budgetMs: 60_000 });
  let n = 1_000_000;
  try {
    const took: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t = performance.now();
      await calibrate.read(count, [n]);
      took.push(performance.now() - t);
    }
    const fastest = Math.min(...took.slice(1));
    n = Math.max(1000, Math.round((n * budgetMs * 0.65) / Math.max(1, fastest)));
  } finally {
    await calibrate.destroy();
  }
  const pool = new ReadPool({ file: file(), threads: 1, budgetMs });
  const internals = pool as unknown as { piscina: Piscina };
  try {
    await pool.read('select 1 as one', []);
    const thread = internals.piscina.threads[0]!.threadId;
    // One thread: the second read waits about 0.65 of its budget, then runs as long (1.3 in all); the last
    // waits for both, past its budget, before a thread is free for it.
    const slow = [1, 2].map(() => pool.read(count, [n]));
    const last = pool.read('select 3 as three', []).then(
      () => 'answered',
      (err: unknown) => (err as { code?: string }).code,
    );
    expect(await Promise.all(slow)).toEqual([[{ n }], [{ n }]]);
    expect(await last).toBe('QUERY_TIMEOUT');
    // The read dropped from the queue ended no thread: the one that answered the others is still there.
    expect(await pool.read('select 4 as four', [])).toEqual([{ four: 4 }]);
    expect(internals.piscina.threads.map((w) => w.threadId)).toEqual([thread]);
  } finally {
    await pool.destroy();
  }
}, 30_000);
