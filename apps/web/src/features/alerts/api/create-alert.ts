import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateAlertPayload, createAlertResponse } from '@spajobs/contract/alert';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

export type CreateAlertResult = z.infer<typeof createAlertResponse>;

/** POST /alerts: a saved search by e-mail (a confirmation link goes out first). */
export const createAlert = (payload: CreateAlertPayload) =>
  apiRequest<CreateAlertResult>('/alerts', { method: 'POST', body: payload });

export function useCreateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'alerts'] }),
  });
}
