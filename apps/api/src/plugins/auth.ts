import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@spajobs/contract/messages';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { verifySessionToken } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by requireUser. */
    user: UserRow | null;
  }
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
  },
  { name: 'auth' },
);

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * The account behind the bearer token. The token only says who is asking;
 * the account is read again on every call, so a deleted or disabled account,
 * a changed role or a password reset since the token was issued all take
 * effect at once.
 */
async function authenticate(req: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  // Answers about one account are for that account only: never kept by shared caches.
  reply.header('cache-control', 'private, no-store');
  const header = req.headers.authorization;
  if (!header) throw unauthorized(messages.authRequired);
  const token = BEARER.exec(header)?.[1];
  const { config, users } = req.server.ctx;
  const claims = token ? await verifySessionToken(token, config.jwtSecret) : null;
  if (!claims) throw unauthorized(messages.sessionExpired);
  const user = await users.findById(claims.userId);
  if (!user || claims.issuedAtMs < Number(user.sessions_valid_after) || user.disabled_at !== null) {
    throw unauthorized(messages.sessionExpired);
  }
  return user;
}

/** preHandler for candidate routes. */
export async function requireUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await authenticate(req, reply);
  if (user.role !== 'user') throw forbidden(messages.candidatesOnly);
  req.user = user;
}

/** preHandler for the employer area: employers, and admins (who may act for any spa). */
export async function requireEmployer(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await authenticate(req, reply);
  if (user.role !== 'employer' && user.role !== 'admin') throw forbidden(messages.employersOnly);
  req.user = user;
}

/** preHandler for the admin area. */
export async function requireAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await authenticate(req, reply);
  if (user.role !== 'admin') throw forbidden(messages.adminsOnly);
  req.user = user;
}

/** preHandler for routes anyone may call: a valid token names the caller, a bad one is refused. */
export async function optionalUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!req.headers.authorization) return;
  req.user = await authenticate(req, reply);
}

/** The account requireUser put on the request. */
export function signedInUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized(messages.authRequired);
  return req.user;
}
