import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep this route's 200 answers, by URL, for this many seconds. */
    cacheSeconds?: number;
  }
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  expires: number;
  /** One request is recomputing this entry; the others keep getting it meanwhile. */
  refreshing: boolean;
}

const MAX_ENTRIES = 5000;
/**
 * How many URLs answered once, but not kept, are remembered at least (`seen`): in two generations of this
 * many, the older dropped whole when the newer is full, so that forgetting costs nothing per request (taking
 * the oldest key out of a set one at a time walks past every key taken out before it).
 */
const SEEN_GENERATION = 10_000;
/** How long past its expiry an entry may still be answered while it is being refreshed. */
const MAX_STALE_FACTOR = 10;
const refreshers = new WeakSet<FastifyRequest>();

/**
 * Public, non-personal GET answers are kept as their finished bytes, by URL,
 * for a few seconds: the same listing asked for again is answered before
 * validation, querying or serializing, with its ETag (so a browser that has it
 * gets 304) and a matching Cache-Control. When an entry expires, exactly one
 * request recomputes it while the others are answered from the old one, so a
 * busy listing never stalls every visitor at once. Only URLs that were
 * answered 200 are stored, so a cached URL is always a valid one. An answer
 * is kept from the second time its URL is asked while that URL is still
 * remembered (the last 10,000 to 20,000 asked once): most URLs are asked
 * once (a phone's own place and radius, a new search), and keeping each of
 * those answers for a while, up to tens of kilobytes, would only make the
 * collector copy and sweep them. Requests that carry a token are never
 * served from or stored in it. Each instance
 * keeps its own and drops it when any instance changes a listing (see
 * listing-freshness.ts); while that news cannot reach it, it is not used.
 * Entries are kept per language (req.lang, from Accept-Language), so an answer
 * that speaks is never given to a visitor of the other language.
 */
export function registerResponseCache(app: FastifyInstance): { clear(): void } {
  // While news of other instances' changes may be missed (Redis away), every answer comes from the database.
  const usable = () => app.ctx.changes.connected();
  const entries = new Map<string, Entry>();
  let seen = new Set<string>();
  let seenBefore = new Set<string>();
  /** Whether the URL was asked once and is still remembered; it is forgotten either way. */
  const forget = (key: string) => seen.delete(key) || seenBefore.delete(key);
  const remember = (key: string) => {
    if (seen.size >= SEEN_GENERATION) {
      seenBefore = seen;
      seen = new Set();
    }
    seen.add(key);
  };
  const keyOf = (req: FastifyRequest) => `${req.lang} ${req.url}`;

  const serve = (reply: FastifyReply, hit: Entry, seconds: number, state: string) =>
    reply
      .header('x-cache', state)
      .header('etag', hit.etag)
      .header('cache-control', `public, max-age=${seconds}`)
      .type(hit.contentType)
      .send(hit.body);

  app.addHook('onRequest', async (req, reply) => {
    const seconds = req.routeOptions.config.cacheSeconds;
    if (!seconds || req.method !== 'GET' || req.headers.authorization || !usable()) return;
    const hit = entries.get(keyOf(req));
    if (!hit) return;
    const now = Date.now();
    if (hit.expires > now) return serve(reply, hit, seconds, 'hit');
    if (hit.expires + seconds * 1000 * MAX_STALE_FACTOR < now) {
      entries.delete(keyOf(req));
      return;
    }
    if (hit.refreshing) return serve(reply, hit, seconds, 'stale');
    hit.refreshing = true;
    refreshers.add(req);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const seconds = req.routeOptions.config.cacheSeconds;
    if (!seconds || req.method !== 'GET' || req.headers.authorization) return payload;
    if (reply.getHeader('x-cache')) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (!usable()) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', `public, max-age=${seconds}`);
    const key = keyOf(req);
    const kept = entries.has(key);
    // Asked for the first time (or not since it was forgotten): remembered, not kept.
    if (!kept && !forget(key)) {
      remember(key);
      return payload;
    }
    if (entries.size >= MAX_ENTRIES && !kept) entries.delete(entries.keys().next().value!);
    entries.set(key, {
      body: payload,
      etag,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      expires: Date.now() + seconds * 1000,
      refreshing: false,
    });
    return payload;
  });

  // A refresh that failed leaves the old entry to be refreshed by the next request.
  app.addHook('onResponse', async (req) => {
    if (!refreshers.has(req)) return;
    refreshers.delete(req);
    const entry = entries.get(keyOf(req));
    if (entry?.refreshing) entry.refreshing = false;
  });
  return {
    clear: () => {
      entries.clear();
      seen.clear();
      seenBefore.clear();
    },
  };
}
