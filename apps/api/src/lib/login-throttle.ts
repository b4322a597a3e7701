import type { Redis } from 'ioredis';
import { messages } from '@spajobs/contract/messages';
import { HttpError } from './http-error.ts';

/**
 * Slows down password guessing without locking anyone out.
 *
 * Failures are counted per account *and* client address. An address gets a
 * few free tries at an account; after that it must wait before each next
 * try, the wait doubling with every failure up to a cap. Another address is
 * never held back by it, so an attacker cannot lock the owner out, and a
 * successful sign-in from the address or a password reset of the account
 * clears the count. Guessing from many addresses is held back by the
 * per-address limit on sign-ins and by each address's own waits.
 */
export interface ThrottleOptions {
  /** Failures an address may have at an account before it has to wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A count with no new failure for this long is forgotten. */
  forgetAfterMs: number;
}

export const LOGIN_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 5 * 60_000,
  forgetAfterMs: 15 * 60_000,
};

interface Entry {
  failures: number;
  /** No try from this address at this account before this moment. */
  nextTryAt: number;
  lastFailureAt: number;
}

const MAX_ENTRIES = 100_000;

/** The slow-down, kept in this process (MemoryLoginThrottle) or in Redis for every instance (RedisLoginThrottle). */
export interface LoginThrottle {
  /** Milliseconds this address must still wait before trying this account, 0 when it may try now. */
  waitMs(account: string, address: string, now?: number): Promise<number>;
  failure(account: string, address: string, now?: number): Promise<void>;
  /** A correct password from this address: its count at this account starts again. */
  success(account: string, address: string): Promise<void>;
  /** The account's password was reset: every address starts again. */
  resetAccount(account: string): Promise<void>;
}

/** The wait after `failures` failures, counted from the last one. */
function delayAfter(failures: number, options: ThrottleOptions): number {
  const over = failures - options.freeFailures;
  return over > 0 ? Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (over - 1)) : 0;
}

export class MemoryLoginThrottle implements LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly byAccount = new Map<string, Set<string>>();

  constructor(private readonly options: ThrottleOptions = LOGIN_THROTTLE) {}

  private key(account: string, address: string) {
    return `${account}\u0000${address}`;
  }

  async waitMs(account: string, address: string, now = Date.now()): Promise<number> {
    const e = this.entries.get(this.key(account, address));
    if (!e) return 0;
    if (now - e.lastFailureAt > this.options.forgetAfterMs) {
      this.forget(account, address);
      return 0;
    }
    return Math.max(0, e.nextTryAt - now);
  }

  async failure(account: string, address: string, now = Date.now()): Promise<void> {
    const key = this.key(account, address);
    let e = this.entries.get(key);
    if (!e || now - e.lastFailureAt > this.options.forgetAfterMs) {
      e = { failures: 0, nextTryAt: 0, lastFailureAt: now };
      if (this.entries.size >= MAX_ENTRIES) this.prune(now);
      this.entries.set(key, e);
      let set = this.byAccount.get(account);
      if (!set) this.byAccount.set(account, (set = new Set()));
      set.add(address);
    }
    e.failures++;
    e.lastFailureAt = now;
    const delay = delayAfter(e.failures, this.options);
    if (delay > 0) e.nextTryAt = now + delay;
  }

  async success(account: string, address: string): Promise<void> {
    this.forget(account, address);
  }

  async resetAccount(account: string): Promise<void> {
    for (const address of this.byAccount.get(account) ?? []) this.entries.delete(this.key(account, address));
    this.byAccount.delete(account);
  }

  private forget(account: string, address: string) {
    this.entries.delete(this.key(account, address));
    const set = this.byAccount.get(account);
    set?.delete(address);
    if (set?.size === 0) this.byAccount.delete(account);
  }

  private prune(now: number) {
    for (const [key, e] of this.entries) {
      if (now - e.lastFailureAt > this.options.forgetAfterMs || this.entries.size >= MAX_ENTRIES) {
        const [account, address] = key.split('\u0000') as [string, string];
        this.forget(account, address);
      }
      if (this.entries.size < MAX_ENTRIES * 0.9) break;
    }
  }
}

/**
 * The same slow-down, kept in Redis so that every API instance sees every
 * failure: one hash per account and address (failures, time of the last),
 * forgotten by Redis itself after `forgetAfterMs` without a new failure, and a
 * set of the addresses per account for a password reset. When Redis cannot be
 * read, `waitMs` answers 503 (sign-in fails closed); a failure
 * or success that cannot be written is reported and otherwise ignored.
 */
export class RedisLoginThrottle implements LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly onError: (err: unknown) => void,
    private readonly options: ThrottleOptions = LOGIN_THROTTLE,
  ) {}

  private key(account: string, address: string) {
    return `login-throttle:${account}:${address}`;
  }

  private accountKey(account: string) {
    return `login-throttle-addresses:${account}`;
  }

  async waitMs(account: string, address: string, now = Date.now()): Promise<number> {
    let f: string | null | undefined, t: string | null | undefined;
    try {
      [f, t] = await this.redis.hmget(this.key(account, address), 'f', 't');
    } catch (err) {
      this.onError(err);
      throw new HttpError(503, messages.serviceUnavailable);
    }
    if (!f || !t) return 0;
    const delay = delayAfter(Number(f), this.options);
    return Math.max(0, Number(t) + delay - now);
  }

  async failure(account: string, address: string, now = Date.now()): Promise<void> {
    const key = this.key(account, address);
    const accountKey = this.accountKey(account);
    try {
      const results = await this.redis
        .multi()
        .hincrby(key, 'f', 1)
        .hset(key, 't', now)
        .pexpire(key, this.options.forgetAfterMs)
        .sadd(accountKey, address)
        .pexpire(accountKey, this.options.forgetAfterMs)
        .exec();
      const failed = results?.find(([err]) => err);
      if (failed) throw failed[0];
    } catch (err) {
      this.onError(err);
    }
  }

  async success(account: string, address: string): Promise<void> {
    try {
      await this.redis.del(this.key(account, address));
      await this.redis.srem(this.accountKey(account), address);
    } catch (err) {
      this.onError(err);
    }
  }

  async resetAccount(account: string): Promise<void> {
    try {
      const addresses = await this.redis.smembers(this.accountKey(account));
      await this.redis.del(this.accountKey(account), ...addresses.map((a) => this.key(account, a)));
    } catch (err) {
      this.onError(err);
    }
  }
}
