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
    // A thread sends each read's rows as arrays, with the columns' names once.
    expect(rows).toEqual([
      { columns: ['n'], rows: [[5]] },
      { columns: ['m'], rows: [[3]] },
    ]);
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
    // The rows as objects, as the driver itself makes them: columns named alike keep the last value.
    const shapes = `select i, i * 2 as x, 'a' as x, null as y, 1.5 as z from n where i <= 2 order by i`;
    const direct = new Database(file(), { readonly: true });
    try {
      expect(await pool.read(shapes, [])).toEqual(direct.prepare(shapes).all());
    } finally {
      direct.close();
    }
    expect(await pool.read('select i from n where i > 99', [])).toEqual([]);
    await expect(pool.read('delete from n', [])).rejects.toThrow('Only reads run in the read pool');
  } finally {
    await pool.destroy();
  }
});

it('a read may wait for the thread as long as its budget, then run as long again; one that waits longer is dropped, no thread ended', async () => {
  // A read that counts to `n`, calibrated here to take about 0.7 of the budget on this machine: sized
  // from short reads and then timed again at that length (a short read's speed does not hold for a long one).
  const count =
    'with recursive c(i) as (select 1 union all select i + 1 from c where i < ?) select count(*) as n from c';
  const budgetMs = 2000;
  const calibrate = new ReadPool({ file: file(), threads: 1, budgetMs: 60_000 });
  let n = 1_000_000;
  try {
    for (const runs of [4, 2]) {
      const took: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await calibrate.read(count, [n]);
        took.push(performance.now() - t);
      }
      n = Math.max(1000, Math.round((n * budgetMs * 0.7) / Math.max(1, took[runs - 1]!)));
    }
  } finally {
    await calibrate.destroy();
  }
  // The machine's speed varies from one moment to the next (by half, seen here, and more while other tests
  // run beside this one): the premise is checked on each try by when each slow read was answered, as the
  // API's thread saw it. The next read is handed the thread in the same turn that answers the one before, so
  // the second slow read's answer marks when the last read got its thread. When the first came too late (the
  // second waited near its budget), or the second too soon (the last got its thread near its budget), or one
  // ran past its budget, the try tells nothing, and the reads are sized again from what was seen.
  const tries: string[] = [];
  for (let attempt = 1; attempt <= 12; attempt++) {
    const pool = new ReadPool({ file: file(), threads: 1, budgetMs });
    const internals = pool as unknown as { piscina: Piscina };
    try {
      await pool.read('select 1 as one', []);
      const thread = internals.piscina.threads[0]!.threadId;
      // One thread: the second read waits about 0.7 of its budget, then runs as long (1.4 in all); the last
      // waits for both, past its budget, before a thread is free for it.
      const started = performance.now();
      const answeredAt: number[] = [];
      const reads = Promise.allSettled(
        [0, 1].map((i) =>
          pool.read(count, [n]).finally(() => {
            answeredAt[i] = performance.now() - started;
          }),
        ),
      );
      const asked = pool.read('select 3 as three', []).then(
        () => 'answered',
        (err: unknown) => (err as { code?: string }).code,
      );
      const slow = await reads;
      const last = await asked;
      const [first, second] = answeredAt as [number, number];
      tries.push(`${Math.round(first)}/${Math.round(second)} ms`);
      const tooLong = slow.some((r) => r.status === 'rejected');
      if (tooLong || first > budgetMs * 0.9 || second < budgetMs * 1.2) {
        n = Math.round(n * (tooLong || first > budgetMs * 0.9 ? 0.7 : (budgetMs * 1.4) / second));
        continue;
      }
      expect(slow.map((r) => (r.status === 'fulfilled' ? r.value : r.reason))).toEqual([[{ n }], [{ n }]]);
      expect(last).toBe('QUERY_TIMEOUT');
      // The read dropped from the queue ended no thread: the one that answered the others is still there.
      expect(await pool.read('select 4 as four', [])).toEqual([{ four: 4 }]);
      expect(internals.piscina.threads.map((w) => w.threadId)).toEqual([thread]);
      return;
    } finally {
      await pool.destroy();
    }
  }
  throw new Error(`No try gave slow reads of the length wanted (answered at ${tries.join(', ')})`);
}, 90_000);
