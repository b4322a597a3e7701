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
