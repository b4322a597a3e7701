/**
 * Where the session lives in the browser (spec section 3): the token under
 * "token", a user summary under "user". Kept apart from React so the API
 * client can read the token.
 *
 * "Remember me" keeps the session in local storage (it survives closing the
 * browser); without it the same keys go to session storage and end with the
 * browser session. Readers look in both.
 */
export interface SessionUser {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  role: string;
  profileimage?: string | null;
}

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

function stores(): Storage[] {
  const out: Storage[] = [];
  // The server's renderer has no storage at all: asking would throw, which costs more than the page's other work.
  if (typeof window === 'undefined') return out;
  try {
    out.push(localStorage);
  } catch {
    /* storage blocked */
  }
  try {
    out.push(sessionStorage);
  } catch {
    /* storage blocked */
  }
  return out;
}

function read(key: string): string | null {
  for (const s of stores()) {
    try {
      const v = s.getItem(key);
      if (v) return v;
    } catch {
      /* storage blocked */
    }
  }
  return null;
}

/** Seconds-since-epoch expiry of a JWT, or null when it has none or is not a JWT. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** True when the token says it has expired (checked locally, without a call). */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= now;
}

export function readToken(): string | null {
  return read(TOKEN_KEY);
}

export function readUser(): SessionUser | null {
  try {
    const raw = read(USER_KEY);
    const u = raw ? (JSON.parse(raw) as SessionUser) : null;
    return u && typeof u === 'object' && typeof u._id === 'string' ? u : null;
  } catch {
    return null;
  }
}

/** True when the stored session lives in local storage (the visitor chose "Remember me"). */
export function isRemembered(): boolean {
  try {
    return localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

export function writeSession(token: string, user: SessionUser, remember = true): void {
  clearSession();
  const store = remember ? localStorage : sessionStorage;
  store.setItem(TOKEN_KEY, token);
  store.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  for (const s of stores()) {
    try {
      s.removeItem(TOKEN_KEY);
      s.removeItem(USER_KEY);
    } catch {
      /* storage blocked */
    }
  }
}
