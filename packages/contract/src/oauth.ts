import { z } from 'zod';
import './validation-messages.ts';

/** The external identity providers of the login screen (decisions.md item 8). */
export const OAUTH_PROVIDER_IDS = ['google', 'facebook'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

/** GET /auth/providers: which providers the server is configured for. */
export const oauthProvidersResponse = z.object({ google: z.boolean(), facebook: z.boolean() });
export type OAuthProvidersResponse = z.infer<typeof oauthProvidersResponse>;

/** POST /auth/exchange: the single-use code an external sign-in brought back to /auth/callback. */
export const oauthExchangePayload = z.object({ code: z.string().min(20).max(200) });

/**
 * Why an external sign-in came back to /login (`?oauthError=<kind>&provider=<id>`):
 * the provider is not configured, the sign-in failed (consent refused, state
 * or code refused, no verified e-mail), the provider could not be reached,
 * the account's role may not sign in here, or the browser could not reach the API.
 */
export const OAUTH_FAILURE_KINDS = ['not_configured', 'failed', 'unavailable', 'role', 'network'] as const;
export type OAuthFailureKind = (typeof OAUTH_FAILURE_KINDS)[number];
