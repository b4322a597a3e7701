import { useMutation } from '@tanstack/react-query';
import type { LoginPayload, RegisterPayload } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';
import { sessionFromAuthResponse } from '../../auth/lib/auth-response';

/** POST /employer/login: employers and admins. */
export async function employerLogin(payload: LoginPayload) {
  return sessionFromAuthResponse(
    await apiRequest<unknown>('/employer/login', { method: 'POST', body: payload, auth: false }),
  );
}
export const useEmployerLogin = () => useMutation({ mutationFn: employerLogin });

/** POST /employer/register */
export async function registerEmployer(payload: Omit<RegisterPayload, 'role'>) {
  return sessionFromAuthResponse(
    await apiRequest<unknown>('/employer/register', { method: 'POST', body: payload, auth: false }),
  );
}
export const useRegisterEmployer = () => useMutation({ mutationFn: registerEmployer });
