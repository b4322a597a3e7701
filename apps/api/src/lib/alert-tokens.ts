import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: the alert's id and an HMAC of it under the
 * server's secret. Nothing is stored; anyone holding the link may end that
 * one alert, and nobody can make a link for another.
 */
const mac = (id: number, secret: string) =>
  createHmac('sha256', secret).update(`job-alert-unsubscribe:${id}`).digest('base64url').slice(0, 32);

export function unsubscribeToken(id: number, secret: string): string {
  return `${id}.${mac(id, secret)}`;
}

/** The alert id a token names, or null when it was not made by us. */
export function verifyUnsubscribeToken(token: string, secret: string): number | null {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token.trim());
  if (!m) return null;
  const id = Number(m[1]);
  const expected = Buffer.from(mac(id, secret));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
