import * as client from 'openid-client';
import type { OAuthFailureKind, OAuthProviderId } from '@spajobs/contract/oauth';
import type { Config } from '../config.ts';

export { OAUTH_PROVIDER_IDS, type OAuthProviderId } from '@spajobs/contract/oauth';

/** Why a sign-in through a provider did not end in a session; the login page shows the matching message. */
export type OAuthFailure = Exclude<OAuthFailureKind, 'network'>;

export class OAuthFlowError extends Error {
  constructor(
    readonly kind: OAuthFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OAuthFlowError';
  }
}

/** What the start of a sign-in must remember until the provider sends the person back. */
export interface PendingSignIn {
  provider: OAuthProviderId;
  state: string;
  codeVerifier: string;
  /** OpenID Connect only (Google). */
  nonce?: string;
}

/** What the provider said about the person. The e-mail is present only when the provider vouches for it. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  firstname: string;
  lastname: string;
}

const TIMEOUT_SECONDS = 10;

/** True when the provider could not be reached or answered with a server error. */
export function isProviderUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const x = e as { name?: string; code?: string; status?: number; message?: string; cause?: unknown };
    if (x.name === 'TimeoutError' || x.name === 'AbortError') return true;
    if (e instanceof TypeError && /fetch failed/i.test(x.message ?? '')) return true;
    if (
      typeof x.code === 'string' &&
      /^(ECONN|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR)/.test(x.code)
    ) {
      return true;
    }
    if (typeof x.status === 'number' && x.status >= 500) return true;
    if (e instanceof Response && e.status >= 500) return true;
    e = x.cause;
  }
  return false;
}

const insecure = (...urls: string[]) => urls.some((u) => new URL(u).protocol === 'http:');

/**
 * The providers' client configurations. Google's comes from OpenID Connect
 * discovery, fetched once and kept (a failed discovery is tried again on the
 * next sign-in); Facebook's is built from its configured endpoints.
 */
export class OAuthProviders {
  private readonly discovered = new Map<OAuthProviderId, Promise<client.Configuration>>();

  constructor(private readonly config: Config) {}

  isConfigured(provider: OAuthProviderId): boolean {
    return Boolean(this.config.oauth[provider]);
  }

  redirectUri(provider: OAuthProviderId): string {
    return `${this.config.publicBaseUrl}/api/v1/auth/${provider}/callback`;
  }

  private async configuration(provider: OAuthProviderId): Promise<client.Configuration> {
    const cached = this.discovered.get(provider);
    if (cached) return cached;
    const made = this.makeConfiguration(provider);
    this.discovered.set(provider, made);
    made.catch(() => this.discovered.delete(provider));
    return made;
  }

  private async makeConfiguration(provider: OAuthProviderId): Promise<client.Configuration> {
    if (provider === 'google') {
      const g = this.config.oauth.google;
      if (!g) throw new OAuthFlowError('not_configured', 'Google sign-in is not configured');
      const options: client.DiscoveryRequestOptions = { timeout: TIMEOUT_SECONDS };
      if (insecure(g.issuer)) options.execute = [client.allowInsecureRequests];
      const c = await client.discovery(new URL(g.issuer), g.clientId, g.clientSecret, undefined, options);
      c.timeout = TIMEOUT_SECONDS;
      return c;
    }
    const f = this.config.oauth.facebook;
    if (!f) throw new OAuthFlowError('not_configured', 'Facebook sign-in is not configured');
    const c = new client.Configuration(
      {
        issuer: new URL(f.authorizationUrl).origin,
        authorization_endpoint: f.authorizationUrl,
        token_endpoint: f.tokenUrl,
      },
      f.clientId,
      f.clientSecret,
    );
    if (insecure(f.authorizationUrl, f.tokenUrl, f.profileUrl)) client.allowInsecureRequests(c);
    c.timeout = TIMEOUT_SECONDS;
    return c;
  }

  /** Where to send the browser, and what to remember until it comes back. */
  async start(provider: OAuthProviderId): Promise<{ url: URL; pending: PendingSignIn }> {
    const settings = this.config.oauth[provider];
    if (!settings) throw new OAuthFlowError('not_configured', `${provider} sign-in is not configured`);
    const c = await this.reach(() => this.configuration(provider));
    const codeVerifier = client.randomPKCECodeVerifier();
    const pending: PendingSignIn = { provider, state: client.randomState(), codeVerifier };
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(provider),
      scope: settings.scope,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
    };
    if (provider === 'google') {
      pending.nonce = client.randomNonce();
      params.nonce = pending.nonce;
    }
    return { url: client.buildAuthorizationUrl(c, params), pending };
  }

  /**
   * Completes the sign-in the provider sent back to `callbackUrl` (the
   * redirect URI with the provider's answer as its query): checks the
   * state, exchanges the code with the PKCE verifier, checks the ID token and
   * its nonce (Google), and reads the profile.
   */
  async finish(pending: PendingSignIn, callbackUrl: URL): Promise<ProviderProfile> {
    const { provider } = pending;
    const c = await this.reach(() => this.configuration(provider));
    const tokens = await this.reach(() =>
      client.authorizationCodeGrant(c, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        ...(pending.nonce ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
      }),
    );

    if (provider === 'google') {
      const idToken = tokens.claims();
      if (!idToken) throw new OAuthFlowError('failed', 'no ID token');
      let claims: Record<string, unknown> = idToken;
      if (typeof claims.email !== 'string') {
        const info = await this.reach(() => client.fetchUserInfo(c, tokens.access_token, idToken.sub));
        claims = { ...info, ...idToken };
      }
      const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email : null;
      return {
        subject: idToken.sub,
        email,
        firstname: str(claims.given_name) || str(claims.name),
        lastname: str(claims.family_name),
      };
    }

    const profileUrl = this.config.oauth.facebook!.profileUrl;
    const res = await this.reach(() =>
      client.fetchProtectedResource(c, tokens.access_token, new URL(profileUrl), 'GET'),
    );
    if (res.status >= 500) throw new OAuthFlowError('unavailable', `profile answered ${res.status}`);
    if (!res.ok) throw new OAuthFlowError('failed', `profile answered ${res.status}`);
    const me = (await res.json()) as Record<string, unknown>;
    const subject = str(me.id);
    if (!subject) throw new OAuthFlowError('failed', 'profile without an id');
    return {
      subject,
      // Facebook gives the e-mail only when the person has confirmed it.
      email: str(me.email) || null,
      firstname: str(me.first_name) || str(me.name),
      lastname: str(me.last_name),
    };
  }

  /** Runs a call to the provider, sorting its failure into "unavailable" or "failed". */
  private async reach<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof OAuthFlowError) throw err;
      const kind = isProviderUnavailable(err) ? 'unavailable' : 'failed';
      throw new OAuthFlowError(kind, err instanceof Error ? err.message : String(err), { cause: err });
    }
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
