import type { SessionUser } from '../../../lib/session-storage';
import { InvalidResponseError } from './errors';

/**
 * Reads the session out of a sign-in or registration answer. An answer
 * without a token is refused with "Invalid response format from server."
 */
export function sessionFromAuthResponse(data: unknown): { token: string; user: SessionUser } {
  const d = (data ?? {}) as Record<string, unknown>;
  const token = d.token;
  if (typeof token !== 'string' || !token) throw new InvalidResponseError();
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    token,
    user: {
      _id: str(d._id) || String(d._id ?? ''),
      firstname: str(d.firstname),
      lastname: str(d.lastname),
      email: str(d.email),
      role: str(d.role),
      profileimage: typeof d.profileimage === 'string' ? d.profileimage : null,
    },
  };
}
