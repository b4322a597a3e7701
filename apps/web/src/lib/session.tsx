import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clearSession, readToken, readUser, writeSession, type SessionUser } from './session-storage';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

interface SessionValue {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  signIn(token: string, user: SessionUser): void;
  signOut(): void;
  updateUser(patch: Partial<SessionUser>): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The signed-in state, restored from local storage on page load. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{
    status: SessionStatus;
    token: string | null;
    user: SessionUser | null;
  }>({
    status: 'loading',
    token: null,
    user: null,
  });

  useEffect(() => {
    const token = readToken();
    const user = readUser();
    setState(
      token && user
        ? { status: 'signed-in', token, user }
        : { status: 'signed-out', token: null, user: null },
    );
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'token' || e.key === 'user' || e.key === null) {
        const t = readToken();
        const u = readUser();
        setState(
          t && u
            ? { status: 'signed-in', token: t, user: u }
            : { status: 'signed-out', token: null, user: null },
        );
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback((token: string, user: SessionUser) => {
    writeSession(token, user);
    setState({ status: 'signed-in', token, user });
  }, []);

  const signOut = useCallback(() => {
    clearSession();
    setState({ status: 'signed-out', token: null, user: null });
  }, []);

  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    setState((s) => {
      if (!s.user || !s.token) return s;
      const user = { ...s.user, ...patch };
      writeSession(s.token, user);
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
