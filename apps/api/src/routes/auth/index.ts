import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@spajobs/contract/common';
import { messages } from '@spajobs/contract/messages';
import { oauthExchangePayload, oauthProvidersResponse } from '@spajobs/contract/oauth';
import { authResponse } from '@spajobs/contract/user';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, forbidden } from '../../lib/http-error.ts';
import { OAuthAccounts } from '../../lib/oauth-accounts.ts';
import {
  OAUTH_PROVIDER_IDS,
  OAuthFlowError,
  OAuthProviders,
  type OAuthFailure,
  type OAuthProviderId,
} from '../../lib/oauth-providers.ts';
import {
  openPending,
  pendingCookie,
  pendingCookieName,
  readCookie,
  sealPending,
} from '../../lib/oauth-state.ts';
import { signSessionToken } from '../../lib/tokens.ts';
import { chosenLanguageOf } from '../../plugins/language.ts';
import { LIMITS, perIp } from '../../plugins/rate-limit.ts';

const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDER_IDS) });

/**
 * Sign-in with Google and Facebook (decisions.md item 8): the authorization
 * code flow with PKCE, state and nonce, run by the API. The browser comes
 * back to the web app's /auth/callback with a single-use code, never with the
 * session token, and the web app exchanges the code for the same answer a
 * password sign-in gives.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  const providers = new OAuthProviders(config);
  const accounts = new OAuthAccounts(app.ctx.database);
  const secureCookie = config.publicBaseUrl.startsWith('https:');
  const tags = ['auth'];

  /** The web app's pages in the visitor's language: the one the site's `lang` cookie remembers. */
  const site = (req: FastifyRequest) =>
    `${config.publicBaseUrl}${readCookie(req.headers.cookie, 'lang') === 'hi' ? '/hi' : ''}`;
  const toLogin = (req: FastifyRequest, provider: OAuthProviderId, kind: OAuthFailure) =>
    `${site(req)}/login?${new URLSearchParams({ oauthError: kind, provider })}`;

  app.get(
    '/providers',
    {
      schema: {
        tags,
        summary: 'Which external sign-in providers are configured',
        response: { 200: oauthProvidersResponse },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return { google: providers.isConfigured('google'), facebook: providers.isConfigured('facebook') };
    },
  );

  app.get(
    '/:provider/start',
    {
      schema: {
        tags,
        summary: 'Send the browser to the provider to sign in (PKCE, state and nonce)',
        params: providerParams,
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      reply.header('cache-control', 'no-store');
      try {
        const { url, pending } = await providers.start(provider);
        reply.header(
          'set-cookie',
          pendingCookie(provider, await sealPending(pending, config.jwtSecret), secureCookie),
        );
        return reply.redirect(url.href, 302);
      } catch (err) {
        const kind = err instanceof OAuthFlowError ? err.kind : 'failed';
        req.log.warn({ provider, kind, err }, 'external sign-in could not start');
        return reply.redirect(toLogin(req, provider, kind), 302);
      }
    },
  );

  app.get(
    '/:provider/callback',
    {
      schema: {
        tags,
        summary: 'Where the provider sends the browser back; continues to the web app with a single-use code',
        params: providerParams,
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      reply.header('cache-control', 'no-store');
      // The pending sign-in is used once, whatever happens next.
      reply.header('set-cookie', pendingCookie(provider, null, secureCookie));
      try {
        const query = new URL(req.url, config.publicBaseUrl).searchParams;
        const refusal = query.get('error');
        if (refusal) throw new OAuthFlowError('failed', `provider answered ${refusal}`);
        const pending = await openPending(
          readCookie(req.headers.cookie, pendingCookieName(provider)),
          provider,
          config.jwtSecret,
        );
        if (!pending) throw new OAuthFlowError('failed', 'no pending sign-in for this browser');
        const callbackUrl = new URL(providers.redirectUri(provider));
        callbackUrl.search = query.toString();
        const profile = await providers.finish(pending, callbackUrl);
        if (!profile.email) throw new OAuthFlowError('failed', 'the provider did not vouch for an e-mail');

        const found = await accounts.findOrCreate(
          { provider, subject: profile.subject, email: profile.email.toLowerCase(), ...names(profile) },
          (existing) => existing.role === 'user',
        );
        const user = 'refused' in found ? found.refused : found.user;
        if (user.role !== 'user')
          throw new OAuthFlowError('role', `account ${user.id} has role ${user.role}`);
        const code = await accounts.issueLoginCode(user.id, provider);
        req.log.info(
          { provider, userId: user.id, created: 'created' in found && found.created },
          'external sign-in',
        );
        return reply.redirect(`${site(req)}/auth/callback?${new URLSearchParams({ provider, code })}`, 302);
      } catch (err) {
        const kind = err instanceof OAuthFlowError ? err.kind : 'failed';
        req.log.warn({ provider, kind, err }, 'external sign-in failed');
        return reply.redirect(toLogin(req, provider, kind), 302);
      }
    },
  );

  app.post(
    '/exchange',
    {
      onRequest: perIp(app, LIMITS.loginPerIp),
      schema: {
        tags,
        summary: 'Exchange the single-use code of an external sign-in for a session',
        body: oauthExchangePayload,
        response: { 200: authResponse, 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await accounts.redeemLoginCode(req.body.code);
      if (!user) throw badRequest(messages.signInCodeInvalid);
      if (user.disabled_at !== null) throw forbidden(messages.accountDisabled);
      if (user.role !== 'user') throw forbidden(messages.loginAccessDenied);
      await app.ctx.users.rememberLanguage(user, chosenLanguageOf(req));
      return sessionAnswer(user);
    },
  );

  /** The same answer as a password sign-in. */
  const sessionAnswer = async (user: UserRow) => ({
    success: true as const,
    token: await signSessionToken(user, config.jwtSecret, config.jwtTtlSeconds),
    _id: String(user.id),
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role: user.role,
    profileimage: user.profile_image,
  });
};

/** A name for a new account: the provider's, else the e-mail's local part. */
function names(p: { email: string | null; firstname: string; lastname: string }) {
  const firstname = (p.firstname || (p.email ?? '').split('@')[0] || 'Candidate').slice(0, 50);
  return { firstname, lastname: p.lastname.slice(0, 50) };
}

export default authRoutes;
