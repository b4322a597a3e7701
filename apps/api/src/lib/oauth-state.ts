import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { OAUTH_PROVIDER_IDS, type OAuthProviderId, type PendingSignIn } from './oauth-providers.ts';

/**
 * A sign-in in progress is kept in the visitor's browser, not on the server:
 * an encrypted, authenticated, httpOnly cookie that lives ten minutes and is
 * read back only by the provider's callback. Any API instance can finish a
 * sign-in another one started, and the PKCE verifier is never readable.
 */
export const PENDING_TTL_SECONDS = 600;

export const pendingCookieName = (provider: OAuthProviderId) => `spajobs_oauth_${provider}`;
const COOKIE_PATH = '/api/v1/auth';

const keyFor = (secret: string) => createHash('sha256').update(`oauth-pending-sign-in:${secret}`).digest();

export async function sealPending(pending: PendingSignIn, secret: string): Promise<string> {
  return new EncryptJWT({ ...pending })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${PENDING_TTL_SECONDS}s`)
    .encrypt(keyFor(secret));
}

/** The pending sign-in, or null when the cookie is missing, forged, expired or for another provider. */
export async function openPending(
  sealed: string | undefined,
  provider: OAuthProviderId,
  secret: string,
): Promise<PendingSignIn | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, keyFor(secret));
    const p = payload as Record<string, unknown>;
    if (p.provider !== provider || !OAUTH_PROVIDER_IDS.includes(provider)) return null;
    if (typeof p.state !== 'string' || typeof p.codeVerifier !== 'string') return null;
    return {
      provider,
      state: p.state,
      codeVerifier: p.codeVerifier,
      ...(typeof p.nonce === 'string' ? { nonce: p.nonce } : {}),
    };
  } catch {
    return null;
  }
}

/** Set-Cookie for the pending sign-in; `value: null` removes it. */
export function pendingCookie(provider: OAuthProviderId, value: string | null, secure: boolean): string {
  return [
    `${pendingCookieName(provider)}=${value ?? ''}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${value ? PENDING_TTL_SECONDS : 0}`,
    'HttpOnly',
    // Lax: the cookie must come along on the provider's top-level redirect back.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}
