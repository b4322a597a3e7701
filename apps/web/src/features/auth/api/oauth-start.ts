/**
 * Starting sign-in with an external identity provider (decisions.md item 8).
 * The login page calls `startOAuth` and shows whatever it throws. A provider
 * the server has configured sends the browser to the API's start address,
 * which goes on to the provider; one that is not configured is refused as
 * not available.
 */
import type { OAuthProviderId, OAuthProvidersResponse } from '@spajobs/contract/oauth';
import { API_BASE, apiRequest } from '../../../lib/api-client';

export type OAuthProvider = OAuthProviderId;

export const OAUTH_PROVIDERS: { id: OAuthProvider; label: string }[] = [
  { id: 'google', label: 'Google' },
  { id: 'facebook', label: 'Facebook' },
];

/** The provider cannot be used yet: the page answers "{Provider} login will be available soon…". */
export class OAuthNotAvailableError extends Error {
  constructor(readonly provider: OAuthProvider) {
    super(`${provider} sign-in is not available`);
    this.name = 'OAuthNotAvailableError';
  }
}

/** GET /auth/providers: which providers the server is configured for. */
export function fetchOAuthProviders() {
  return apiRequest<Partial<OAuthProvidersResponse>>('/auth/providers', { auth: false });
}

/** The API's address that starts a sign-in with the provider. */
export const oauthStartUrl = (provider: OAuthProvider) => `${API_BASE}/auth/${provider}/start`;

/** Sends the browser to the provider; refuses a provider the server is not configured for. */
export async function startOAuth(provider: OAuthProvider): Promise<void> {
  const configured = await fetchOAuthProviders();
  if (!configured?.[provider]) throw new OAuthNotAvailableError(provider);
  window.location.assign(oauthStartUrl(provider));
}
