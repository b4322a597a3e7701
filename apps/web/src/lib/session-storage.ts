/**
 * Where the session lives in the browser (spec section 3): the token under
 * "token", a user summary under "user". Kept apart from React so the API
 * client can read the token.
 */
export interface SessionUser {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  role: string;
  profileimage?: string | null;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function readUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    const u = raw ? (JSON.parse(raw) as SessionUser) : null;
    return u && typeof u === 'object' && typeof u._id === 'string' ? u : null;
  } catch {
    return null;
  }
}

export function writeSession(token: string, user: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
