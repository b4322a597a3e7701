import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_PG_URL } from '../../test/helpers.ts';
import { createDb, type Db } from './database.ts';

const schema = `t_checkout_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let database: Db;
let admin: pg.Client;

beforeAll(async () => {
  database = await createDb({ databaseUrl: TEST_PG_URL, pgSchema: schema, poolSize: 1 });
  admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
});

afterAll(async () => {
  await database?.destroy();
  await admin?.query(`drop schema if exists ${schema} cascade`);
  await admin?.end();
});

it('a connection the server ends while it is checked out between two queries fails that work, not the process', async () => {
  const work = database.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    // The connection learns that it was ended while no query of its own is running.
    await new Promise((r) => setTimeout(r, 300));
    await sql`select 1`.execute(trx);
  });
  await expect(work).rejects.toThrow();
  // The lost connection is not given out again: the pool's one connection is a new one.
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
  expect(rows).toEqual([{ one: 1 }]);
});
