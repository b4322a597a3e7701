import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { alertResponse, UpdateAlertPayload } from '@spajobs/contract/alert';
import { apiRequest } from '../../../lib/api-client';
import { ALERTS_QUERY_KEY } from './get-alerts';

/** PATCH /alerts/:id: pause, resume or change how often. */
export const updateAlert = ({ id, ...patch }: UpdateAlertPayload & { id: string }) =>
  apiRequest<z.infer<typeof alertResponse>>(`/alerts/${id}`, { method: 'PATCH', body: patch });

export function useUpdateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAlert,
    onSettled: () => qc.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
