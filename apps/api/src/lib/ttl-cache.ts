/**
 * A small in-process cache for values that are expensive to compute and fine
 * to be a little stale (counts, summaries). Concurrent misses share one load.
 * Each API instance keeps its own; nothing depends on it being shared.
 */
export class TtlCache {
  private entries = new Map<string, { value: unknown; expires: number }>();
  private pending = new Map<string, Promise<unknown>>();

  constructor(private readonly ttlMs: number) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as T;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const p = load()
      .then((value) => {
        this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        if (this.entries.size > 1000) this.entries.delete(this.entries.keys().next().value!);
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
