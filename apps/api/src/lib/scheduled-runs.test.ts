import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/database.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { claimRun, schedule } from './scheduled-runs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { DIGEST_SWEEP_MS: '0' } });
});
afterAll(() => t.close());

describe('scheduled runs', () => {
  it('gives a due run to exactly one of many claims made at once', async () => {
    const now = Date.now();
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        claimRun(t.database, 'race', { everyMs: 60_000, now, owner: `i${i}` }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const row = await t.database.db
      .selectFrom('scheduled_runs')
      .selectAll()
      .where('name', '=', 'race')
      .executeTakeFirstOrThrow();
    expect(row.claimed_by).toBe(`i${claims.indexOf(true)}`);
    expect(Number(row.next_run_at)).toBe(now + 60_000);
    // Not again before the next run is due; then once more.
    expect(await claimRun(t.database, 'race', { everyMs: 60_000, now: now + 59_999 })).toBe(false);
    expect(await claimRun(t.database, 'race', { everyMs: 60_000, now: now + 60_000 })).toBe(true);
    expect(await claimRun(t.database, 'other-work', { everyMs: 60_000, now })).toBe(true);
  });

  it('runs the work once per period however many schedulers tick, and survives a failing run', async () => {
    // A second connection to the same database, as another instance would have.
    const other: Db | null =
      t.engine === 'postgres'
        ? null
        : await createDb({ sqliteFile: t.config.dataDir + '/test.db', readWorkers: 0 });
    const runs: string[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const make = (who: string, database: Db) =>
      schedule({
        database,
        name: 'digest-like',
        everyMs: 60_000,
        checkEveryMs: 3600_000,
        run: async () => {
          runs.push(who);
          if (fail) throw new Error('the mail server said no');
        },
        onError: (err) => errors.push(err),
      });
    const a = make('a', t.database);
    const b = make('b', other ?? t.database);
    try {
      const now = Date.now();
      const first = await Promise.all([a.tick(now), b.tick(now), a.tick(now), b.tick(now)]);
      expect(runs).toHaveLength(1);
      expect(first.filter(Boolean)).toHaveLength(0);
      expect(errors).toHaveLength(1);
      fail = false;
      // A failed run is not retried before its period is over.
      expect(await b.tick(now + 1000)).toBe(false);
      const second = await Promise.all([a.tick(now + 60_000), b.tick(now + 60_000)]);
      expect(second.filter(Boolean)).toHaveLength(1);
      expect(runs).toHaveLength(2);
    } finally {
      a.stop();
      b.stop();
      await other?.destroy();
    }
  });
});
