import { useMutation } from '@tanstack/react-query';
import type { LoginPayload } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';
import { sessionFromAuthResponse } from '../lib/auth-response';

/** POST /users/login: an e-mail address or phone number, and the password. */
export async function login(payload: LoginPayload) {
  const data = await apiRequest<unknown>('/users/login', { method: 'POST', body: payload, auth: false });
  return sessionFromAuthResponse(data);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
