import type { FastifyInstance } from 'fastify';
import { nextJobExpiry } from '../repositories/employer-repository.ts';

export const LISTINGS_CHANGED = 'listings';

/** Jobs expiring close together drop the caches once, not once each. */
const MIN_GAP_MS = 5_000;
/** The next expiry is looked up again at least this often (new jobs, renewals, other instances). */
const RECHECK_MS = 5 * 60_000;

/**
 * Keeps cached listings and counts honest: they are dropped whenever an
 * employer or admin changes which jobs are open, and when the next open job
 * reaches its expiry, so a paused, closed, rejected or expired job leaves
 * every listing and count at once rather than when a cache runs out — on
 * every instance, not only the one that made the change.
 */
export function keepListingsFresh(app: FastifyInstance, responseCache: { clear(): void }): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let lastCleared = 0;

  const clear = () => {
    lastCleared = Date.now();
    app.ctx.cache.clear();
    responseCache.clear();
  };

  const arm = async () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    const now = Date.now();
    let wait = RECHECK_MS;
    try {
      const next = await nextJobExpiry(app.ctx.database, now);
      if (next !== null) wait = Math.min(wait, Math.max(next - now + 1, lastCleared + MIN_GAP_MS - now, 0));
    } catch (err) {
      app.log.warn({ err }, 'could not read the next job expiry');
    }
    if (closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      clear();
      void arm();
    }, wait).unref();
  };

  // A change on any instance reaches every instance through the change bus (Redis pub/sub with REDIS_URL).
  app.ctx.changes.on(LISTINGS_CHANGED, () => {
    clear();
    void arm();
  });
  app.ctx.listingsChanged = () => app.ctx.changes.publish(LISTINGS_CHANGED);
  app.addHook('onReady', async () => void arm());
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
