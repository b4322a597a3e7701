import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from './database.ts';

// Reads for the server's upkeep (the planner's statistics) run on a read thread of their own at a lower
// priority: a long one never waits behind, or holds up, the read threads that answer visitors.
let dir: string;
let d: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-upkeep-'));
  d = await createDb({ sqliteFile: path.join(dir, 'upkeep.db'), readWorkers: 1, queryBudgetMs: 20_000 });
  await sql`create table t (i integer primary key)`.execute(d.db);
});
afterAll(async () => {
  await d.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A read that keeps its thread busy for a second or more. */
const slowRead = sql<{
  n: number;
}>`with recursive c(i) as (select 1 union all select i + 1 from c where i < 20000000)
  select count(*) as n from c`;

it('an upkeep read answers while every visitor read thread is busy', async () => {
  const order: string[] = [];
  const slow = slowRead.execute(d.read).then(() => order.push('visitor'));
  // Let the slow read reach the only visitor read thread first.
  await new Promise((r) => setTimeout(r, 100));
  const quick = await sql<{ one: number }>`select 1 as one`.execute(d.background);
  order.push('upkeep');
  expect(quick.rows[0]!.one).toBe(1);
  await slow;
  expect(order).toEqual(['upkeep', 'visitor']);
});

it("the upkeep thread runs at a lower priority than the API's own threads (Linux)", async () => {
  if (process.platform !== 'linux') return;
  await sql`select 1`.execute(d.background);
  const nice = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  const threads = fs
    .readdirSync('/proc/self/task')
    .map((tid) => nice(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
  expect(threads).toContain(10);
  expect(nice(fs.readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(0);
});

it('the upkeep thread ends a few seconds after its last read, and starts again for the next', async () => {
  if (process.platform !== 'linux') return;
  const niced = () =>
    fs
      .readdirSync('/proc/self/task')
      .map((tid) => fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'))
      .filter((stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === 10).length;
  await sql`select 1`.execute(d.background);
  expect(niced()).toBe(1);
  await new Promise((r) => setTimeout(r, 7000));
  expect(niced()).toBe(0);
  expect((await sql<{ one: number }>`select 1 as one`.execute(d.background)).rows[0]!.one).toBe(1);
  expect(niced()).toBe(1);
});
