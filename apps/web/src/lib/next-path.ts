/**
 * Where to go after sign-in or registration: the page the visitor was on.
 * Only a path on this site is followed (never another site, a protocol-relative
 * "//host" or a "javascript:" address), so the parameter cannot be used to send
 * people elsewhere.
 */
const BASE = 'https://spajobs.invalid';

export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  // A path, not a scheme or a host; no backslashes (browsers read "/\" as "//").
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Going back to sign-in or registration would go round in a circle.
  if (/^\/(login|register)(\/|$|\?)/.test(url.pathname)) return null;
  return path;
}

/** The sign-in page that comes back to `path` afterwards. */
export function loginUrl(path: string, page: '/login' | '/register' = '/login'): string {
  const next = safeNextPath(path);
  return next ? `${page}?${new URLSearchParams({ next })}` : page;
}

const OAUTH_NEXT_KEY = 'signInNext';

/** An external sign-in leaves the site: the way back is kept for the tab until it returns. */
export function rememberNextForOAuth(next: string | null): void {
  try {
    if (next) sessionStorage.setItem(OAUTH_NEXT_KEY, next);
    else sessionStorage.removeItem(OAUTH_NEXT_KEY);
  } catch {
    // Storage may be blocked; the visitor then lands on the default page.
  }
}

export function takeNextAfterOAuth(): string | null {
  try {
    const next = sessionStorage.getItem(OAUTH_NEXT_KEY);
    sessionStorage.removeItem(OAUTH_NEXT_KEY);
    return safeNextPath(next);
  } catch {
    return null;
  }
}
