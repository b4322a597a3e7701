import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { alertMessageResponse } from '@spajobs/contract/alert';
import { apiRequest } from '../../../lib/api-client';

/** POST /alerts/unsubscribe?token=: no sign-in, the signed token names the alert. */
export const unsubscribeAlert = (token: string) =>
  apiRequest<z.infer<typeof alertMessageResponse>>('/alerts/unsubscribe', {
    method: 'POST',
    query: { token },
    auth: false,
  });

export function useUnsubscribeAlert() {
  return useMutation({ mutationFn: unsubscribeAlert });
}
