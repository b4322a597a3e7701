import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { alertMessageResponse } from '@spajobs/contract/alert';
import { apiRequest } from '../../../lib/api-client';

/** POST /alerts/confirm: the link from the confirmation e-mail starts the alert. */
export const confirmAlert = (token: string) =>
  apiRequest<z.infer<typeof alertMessageResponse>>('/alerts/confirm', {
    method: 'POST',
    body: { token },
    auth: false,
  });

export function useConfirmAlert() {
  return useMutation({ mutationFn: confirmAlert });
}
