import type { ReactNode } from 'react';
import { Navigate } from '../../../lib/locale-router';
import { LoadingScreen } from '../../../components/ui/states';
import { useSession } from '../../../lib/session';

/** The employer and admin areas: signed out goes to the employer sign-in, another role to /unauthorized. */
export function RequireStaff({ roles, children }: { roles: string[]; children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-out' || !user) return <Navigate to="/employer/login" replace />;
  if (!roles.includes(user.role)) return <Navigate to="/unauthorized" replace />;
  return <>{children}</>;
}
