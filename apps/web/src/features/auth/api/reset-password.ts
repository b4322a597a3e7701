import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponse, resetPasswordPayload } from '@spajobs/contract/user';
import { apiRequest } from '../../../lib/api-client';

/** POST /users/reset-password: the single-use token from the e-mailed link, and the new password. */
export function resetPassword(payload: z.input<typeof resetPasswordPayload>) {
  return apiRequest<z.infer<typeof messageResponse>>('/users/reset-password', {
    method: 'POST',
    body: payload,
    auth: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
