import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@spajobs/contract/messages';
import { HttpError } from '../lib/http-error.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * How often each guarded action may be tried. Per client address always, and
 * per account or e-mail where the request names one, so that neither many
 * addresses against one account nor one address against many get far.
 * Wrong passwords are slowed per account and address (lib/login-throttle.ts),
 * so that nobody can lock an account's owner out.
 */
export const LIMITS = {
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  registerPerIp: { max: 10, windowMs: HOUR },
  forgotPasswordPerIp: { max: 10, windowMs: HOUR },
  forgotPasswordPerAccount: { max: 3, windowMs: HOUR },
  resetPasswordPerIp: { max: 10, windowMs: HOUR },
  contactPerIp: { max: 10, windowMs: HOUR },
  guestApplicationPerIp: { max: 20, windowMs: HOUR },
  guestApplicationPerEmail: { max: 10, windowMs: HOUR },
} satisfies Record<string, Limit>;

/**
 * Limits that guard accounts refuse (503) when their counts cannot be read;
 * the others let the request through, so that a missing Redis never keeps
 * people from reading pages, applying or writing to the spa.
 */
const FAIL_CLOSED: ReadonlySet<Limit> = new Set([
  LIMITS.loginPerIp,
  LIMITS.registerPerIp,
  LIMITS.forgotPasswordPerIp,
  LIMITS.forgotPasswordPerAccount,
  LIMITS.resetPasswordPerIp,
]);

const limitName = (limit: Limit) =>
  Object.entries(LIMITS).find(([, l]) => l === limit)?.[0] ?? `${limit.max}-per-${limit.windowMs}`;

export const rateLimitPlugin = fp(
  async (app) => {
    // No global limit: each guarded route names its own limits (see limiter).
    // With REDIS_URL every instance counts in Redis, so a client gets the limit once, not once per instance.
    const redis = app.ctx.redis;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis: redis.client, nameSpace: 'rate-limit:' } : {}),
    });
  },
  { name: 'rate-limit' },
);

/** A limit check: counts one try for the key and refuses with 429 past the limit. */
export type LimitCheck = (req: FastifyRequest, reply: FastifyReply, key: string | null) => Promise<void>;

/**
 * One counter per limit and route: in this process's memory, or in Redis
 * with REDIS_URL, where every instance counts together. Switched off entirely
 * by RATE_LIMITS=off, as the browser tests run.
 */
export function limiter(app: FastifyInstance, limit: Limit): LimitCheck {
  if (!app.ctx.config.rateLimits) return async () => {};
  const keys = new WeakMap<FastifyRequest, string>();
  const name = limitName(limit);
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (req) => `${req.routeOptions.url}:${name}:${keys.get(req) ?? req.ip}`,
  });
  const failClosed = FAIL_CLOSED.has(limit);
  return async (req, reply, key) => {
    if (key === null) return;
    keys.set(req, key);
    let r: Awaited<ReturnType<typeof count>>;
    try {
      r = await count(req);
    } catch (err) {
      req.log.error({ err, limit: name }, 'rate limit could not be counted');
      if (failClosed) throw new HttpError(503, messages.serviceUnavailable);
      return;
    }
    if (!r.isAllowed && r.isExceeded) {
      reply.header('retry-after', r.ttlInSeconds);
      throw new HttpError(429, messages.tooManyRequests);
    }
  };
}

/** A hook that limits by client address. */
export function perIp(app: FastifyInstance, limit: Limit) {
  const check = limiter(app, limit);
  return (req: FastifyRequest, reply: FastifyReply) => check(req, reply, req.ip);
}
