/**
 * Starting sign-in with an external identity provider (decisions.md item 8).
 * The login page calls `startOAuth` and shows whatever it throws; making the
 * providers real means changing this file only (for example, sending the
 * browser to the API's provider-start address).
 */
export type OAuthProvider = 'google' | 'facebook';

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

/** Sends the browser to the provider; until providers are configured, refuses as not available. */
export async function startOAuth(provider: OAuthProvider): Promise<void> {
  throw new OAuthNotAvailableError(provider);
}
