import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';

export interface SessionClaims {
  userId: number;
  role: string;
  /** When the token was issued, in milliseconds (finer than `iat`, which is whole seconds). */
  issuedAtMs: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signSessionToken(
  user: { id: number; role: string },
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  return new SignJWT({ role: user.role, iat_ms: now })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ttlSeconds)
    .sign(key(secret));
}

/** The token's claims, or null when it is malformed, forged, expired or uses another algorithm. */
export async function verifySessionToken(token: string, secret: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALG],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const userId = Number(payload.sub);
    const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : Number(payload.iat) * 1000;
    if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isFinite(issuedAtMs)) return null;
    return { userId, role: String(payload.role ?? ''), issuedAtMs };
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}

/** A single-use secret for a link (256 bits), and the hash that is stored in its place. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');
