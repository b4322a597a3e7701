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

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly byAccount = new Map<string, Set<string>>();

  constructor(private readonly options: ThrottleOptions = LOGIN_THROTTLE) {}

  private key(account: string, address: string) {
    return `${account}\u0000${address}`;
  }

  /** Milliseconds this address must still wait before trying this account, 0 when it may try now. */
  waitMs(account: string, address: string, now = Date.now()): number {
    const e = this.entries.get(this.key(account, address));
    if (!e) return 0;
    if (now - e.lastFailureAt > this.options.forgetAfterMs) {
      this.forget(account, address);
      return 0;
    }
    return Math.max(0, e.nextTryAt - now);
  }

  failure(account: string, address: string, now = Date.now()): void {
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
    const over = e.failures - this.options.freeFailures;
    if (over > 0) {
      e.nextTryAt = now + Math.min(this.options.maxDelayMs, this.options.baseDelayMs * 2 ** (over - 1));
    }
  }

  /** A correct password from this address: its count at this account starts again. */
  success(account: string, address: string): void {
    this.forget(account, address);
  }

  /** The account's password was reset: every address starts again. */
  resetAccount(account: string): void {
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
