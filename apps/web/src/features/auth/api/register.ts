import { useMutation } from '@tanstack/react-query';
import type { RegisterPayload } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';
import { sessionFromAuthResponse } from '../lib/auth-response';

/** POST /users/register. The role is always "user". */
export async function register(payload: Omit<RegisterPayload, 'role'>) {
  const data = await apiRequest<unknown>('/users/register', {
    method: 'POST',
    body: { ...payload, role: 'user' },
    auth: false,
  });
  return sessionFromAuthResponse(data);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
