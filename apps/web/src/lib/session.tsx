import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { onUnauthorized } from './api-client';
import {
  clearSession,
  isRemembered,
  isTokenExpired,
  readToken,
  readUser,
  TOKEN_KEY,
  USER_KEY,
  writeSession,
  type SessionUser,
} from './session-storage';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

/**
 * Every query that belongs to the signed-in visitor starts with this key, so
 * that signing in or out drops one visitor's data before the next one sees it.
 */
export const ACCOUNT_QUERY_KEY = ['me'] as const;

interface SessionValue {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  /** Stores the session; `remember: false` keeps it only until the browser closes. */
  signIn(token: string, user: SessionUser, remember?: boolean): void;
  signOut(): void;
  updateUser(patch: Partial<SessionUser>): void;
}

interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
}

const SIGNED_OUT: SessionState = { status: 'signed-out', token: null, user: null };

/** The stored session, or signed out when it is missing, malformed or expired. */
function restore(): SessionState {
  const token = readToken();
  const user = readUser();
  if (!token || !user) return SIGNED_OUT;
  if (isTokenExpired(token)) {
    clearSession();
    return SIGNED_OUT;
  }
  return { status: 'signed-in', token, user };
}

const SessionContext = createContext<SessionValue | null>(null);

/** The signed-in state, restored from browser storage on page load. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useContext(QueryClientContext);
  const [state, setState] = useState<SessionState>({ status: 'loading', token: null, user: null });

  const dropAccountData = useCallback(() => {
    queryClient?.removeQueries({ queryKey: ACCOUNT_QUERY_KEY });
  }, [queryClient]);

  const signOut = useCallback(() => {
    clearSession();
    dropAccountData();
    setState(SIGNED_OUT);
  }, [dropAccountData]);

  useEffect(() => {
    // As a transition: on a page rendered on the server this reaches parts React may still be attaching,
    // which it then attaches in slices instead of in one long task.
    startTransition(() => setState(restore()));
    // Another tab signed in or out.
    const onStorage = (e: StorageEvent) => {
      if (e.key === TOKEN_KEY || e.key === USER_KEY || e.key === null) {
        const next = restore();
        if (next.status === 'signed-out') dropAccountData();
        setState(next);
      }
    };
    window.addEventListener('storage', onStorage);
    // The API refused the stored token (expired, revoked): sign out cleanly.
    const off = onUnauthorized(signOut);
    return () => {
      window.removeEventListener('storage', onStorage);
      off();
    };
  }, [signOut, dropAccountData]);

  const signIn = useCallback(
    (token: string, user: SessionUser, remember = true) => {
      dropAccountData();
      writeSession(token, user, remember);
      setState({ status: 'signed-in', token, user });
    },
    [dropAccountData],
  );

  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    setState((s) => {
      if (!s.user || !s.token) return s;
      const user = { ...s.user, ...patch };
      writeSession(s.token, user, isRemembered());
      return { ...s, user };
    });
  }, []);

  const value = useMemo(
    () => ({ ...state, signIn, signOut, updateUser }),
    [state, signIn, signOut, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession must be used inside SessionProvider');
  return v;
}
