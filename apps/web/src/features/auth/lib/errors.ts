import { ApiError } from '../../../lib/api-client';
import { t } from '../../../messages';

/** An answer that should carry a session but does not (spec section 5). */
export class InvalidResponseError extends Error {
  constructor() {
    super(t.auth.invalidResponse);
    this.name = 'InvalidResponseError';
  }
}

/** The message the server itself wrote, if it wrote one. */
export function serverMessage(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const b = err.body as { message?: unknown; error?: unknown } | undefined;
  const m = typeof b?.message === 'string' && b.message ? b.message : null;
  return m ?? (typeof b?.error === 'string' && b.error ? b.error : null);
}

/**
 * What a failed call shows (spec section 8): the network message when there
 * was no answer, the invalid-response message, the server's message, else the fallback.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.isNetwork) return t.common.networkError;
  if (err instanceof TypeError && /fetch|network/i.test(err.message)) return t.common.networkError;
  if (err instanceof InvalidResponseError) return err.message;
  return serverMessage(err) ?? fallback;
}
