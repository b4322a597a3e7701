import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Navigate, useLocation } from '../../../lib/locale-router';
import { LoadingScreen } from '../../../components/ui/states';
import { loginUrl, safeNextPath } from '../../../lib/next-path';
import { useSession, type SessionStatus } from '../../../lib/session';

/**
 * A page that needs a signed-in visitor (spec section 4): "Loading..." while
 * the session is restored, /login when signed out, /unauthorized when the
 * account's role is not the one the page is for.
 */
export function RequireAuth({ role = 'user', children }: { role?: string | null; children: ReactNode }) {
  const { status, user } = useSession();
  const here = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-out' || !user) {
    return <Navigate to={loginUrl(`${here.pathname}${here.search}`)} replace />;
  }
  if (role && user.role !== role) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}

/**
 * Login and registration are for visitors who are signed out: one who arrives
 * signed in goes to the dashboard (or straight on to a checked `next`). Decided once, on arrival, so that signing
 * in on the page itself can finish (message, then its own redirect).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const [onArrival, setOnArrival] = useState<SessionStatus>(status);
  if (onArrival === 'loading' && status !== 'loading') setOnArrival(status);
  if (onArrival === 'loading') return null;
  if (onArrival === 'signed-in') return <Navigate to={next ?? '/candidate/dashboard'} replace />;
  return <>{children}</>;
}
