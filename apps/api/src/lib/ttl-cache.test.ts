import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b, c] = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect([a, b, c, loads]).toEqual([1, 1, 1, 1]);
    expect(await cache.get('k', load)).toBe(1);
  });

  it('after expiry answers the old value at once and refreshes it once in the background', async () => {
    const cache = new TtlCache(0, 60_000);
    let loads = 0;
    let release: () => void = () => undefined;
    const load = () =>
      new Promise<number>((resolve) => {
        const n = ++loads;
        if (n === 1) resolve(n);
        else release = () => resolve(n);
      });
    expect(await cache.get('k', load)).toBe(1);
    // Expired (ttl 0): the stale value comes back without waiting, and only one refresh starts.
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(2);
    release();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', load)).toBe(2);
  });

  it('a value too old to serve is loaded again before answering', async () => {
    const cache = new TtlCache(0, 0);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    await new Promise((r) => setTimeout(r, 2));
    expect(await cache.get('k', load)).toBe(2);
  });

  it('tells the load whether a caller waits for it or it refreshes a value still answered', async () => {
    const cache = new TtlCache(0, 60_000);
    const calls: boolean[] = [];
    const load = async (refreshing: boolean) => {
      calls.push(refreshing);
      return calls.length;
    };
    await cache.get('k', load);
    await cache.get('k', load);
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([false, true]);
  });

  it('peeks at a kept value, fresh or stale, without loading or refreshing it', async () => {
    const cache = new TtlCache(0, 60_000);
    let loads = 0;
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => ++loads);
    // Expired (ttl 0) but still within its stale time: answered, and no refresh starts.
    expect(cache.peek('k')).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(loads).toBe(1);
    const gone = new TtlCache(0, 0);
    await gone.get('k', async () => 1);
    await new Promise((r) => setTimeout(r, 2));
    expect(gone.peek('k')).toBeUndefined();
  });
});
