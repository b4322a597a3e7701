import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane).
 * `algorithm: 2` is Argon2id; the package's enum is a const enum that
 * isolated modules cannot import.
 */
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password, so unknown accounts cost as much to check as known ones. */
let dummyHash: Promise<string> | undefined;

/**
 * True when the password matches. With no stored hash (unknown account, or one
 * made through an external provider) a dummy hash is checked instead, so the
 * answer takes the same time whether or not the account exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
