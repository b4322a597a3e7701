import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

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
}

const MAX_ENTRIES = 5000;

/**
 * Public, non-personal GET answers are kept as their finished bytes, by URL,
 * for a few seconds: the same listing asked for again is answered without
 * querying or serializing, with its ETag (so a browser that has it gets 304)
 * and a matching Cache-Control. Requests that carry a token are never served
 * from or stored in it. Each instance keeps its own; none depends on it.
 */
export function registerResponseCache(app: FastifyInstance): void {
  const entries = new Map<string, Entry>();

  app.addHook('preHandler', async (req, reply) => {
    const seconds = req.routeOptions.config.cacheSeconds;
    if (!seconds || req.method !== 'GET' || req.headers.authorization) return;
    const hit = entries.get(req.url);
    if (!hit) return;
    if (hit.expires <= Date.now()) {
      entries.delete(req.url);
      return;
    }
    reply.header('x-cache', 'hit');
    return reply
      .header('etag', hit.etag)
      .header('cache-control', `public, max-age=${seconds}`)
      .type(hit.contentType)
      .send(hit.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const seconds = req.routeOptions.config.cacheSeconds;
    if (!seconds || req.method !== 'GET' || req.headers.authorization) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', `public, max-age=${seconds}`);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(req.url, {
      body: payload,
      etag,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      expires: Date.now() + seconds * 1000,
    });
    return payload;
  });
}
