import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionFromAuthResponse } from '../lib/auth-response';

/**
 * POST /auth/exchange: the single-use code an external sign-in brought back,
 * for the same session a password sign-in answers.
 */
export async function exchangeOAuthCode(code: string) {
  const data = await apiRequest<unknown>('/auth/exchange', { method: 'POST', body: { code }, auth: false });
  return sessionFromAuthResponse(data);
}

export function useOAuthExchange() {
  return useMutation({ mutationFn: exchangeOAuthCode });
}
