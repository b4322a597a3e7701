/**
 * A small in-process cache for values that are expensive to compute and fine
 * to be a little stale (counts, summaries). Concurrent misses share one load.
 * After expiry the old value is still answered while one refresh runs in the
 * background (stale-while-revalidate), up to `maxStaleMs`; so after the first
 * load nobody waits for a recount. Each API instance keeps its own; when a
 * listing changes on any instance, every instance clears it (see
 * plugins/listing-freshness.ts and lib/change-bus.ts).
 */
export class TtlCache {
  private entries = new Map<string, { value: unknown; expires: number }>();
  private pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxStaleMs = ttlMs * 10,
    private readonly maxEntries = 1000,
  ) {}

  /**
   * The value for `key`, loaded when missing. `load` is told whether it refreshes a value still being
   * answered (`true`: nobody waits for it) or loads one a caller waits for.
   */
  async get<T>(key: string, load: (refreshing: boolean) => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expires > now) return hit.value as T;
    if (hit && hit.expires + this.maxStaleMs > now) {
      if (!this.pending.has(key)) this.refresh(key, () => load(true)).catch(() => undefined);
      return hit.value as T;
    }
    return this.refresh(key, () => load(false));
  }

  /** The value kept for `key`, fresh or stale, without loading or refreshing it. */
  peek<T>(key: string): T | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires + this.maxStaleMs > Date.now() ? (hit.value as T) : undefined;
  }

  private refresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const p = load()
      .then((value) => {
        this.entries.delete(key);
        this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, p);
    return p;
  }

  clear(): void {
    this.entries.clear();
  }
}
