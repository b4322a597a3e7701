import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@spajobs/contract/messages';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** A read that takes seconds on either engine. */
const slowRead = (engine: 'sqlite' | 'postgres') =>
  engine === 'postgres'
    ? sql`select pg_sleep(4)`
    : sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 30000000) select count(*) from c`;

describe('every query has a time budget, and a slow one never holds up the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: { spas: 5, jobs: 20 },
      queryBudgetMs: 1000,
      routes: (app) => {
        app.get('/slow-read', async () => {
          await slowRead(t.engine).execute(app.ctx.database.db);
          return { done: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('a query past its budget answers 503 in the standard shape, and the server stays healthy', async () => {
    let slowAnswered = false;
    const slow = t.app.inject('/slow-read').finally(() => (slowAnswered = true));
    // While the slow read runs, other requests are answered: it is not on the event loop.
    const health = await t.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(slowAnswered).toBe(false);
    const jobs = await t.app.inject('/api/v1/spajobs?title=therapist');
    expect(jobs.statusCode).toBe(200);
    const res = await slow;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      error: messages.serviceUnavailable,
      message: messages.serviceUnavailable,
      code: 'serviceUnavailable',
    });
    // And afterwards the database answers as before.
    expect((await t.app.inject('/api/v1/spajobs?title=spa')).statusCode).toBe(200);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });
});
