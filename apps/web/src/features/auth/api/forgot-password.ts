import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordPayload, messageResponse } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';

/** POST /users/forgot-password: the answer is the same whether or not the account exists. */
export function requestPasswordReset(payload: z.input<typeof forgotPasswordPayload>) {
  return apiRequest<z.infer<typeof messageResponse>>('/users/forgot-password', {
    method: 'POST',
    body: payload,
    auth: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
