import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ALERTS_QUERY_KEY } from './get-alerts';

/** DELETE /alerts/:id. */
export const deleteAlert = (id: string) =>
  apiRequest<{ success: true; message: string }>(`/alerts/${id}`, { method: 'DELETE' });

export function useDeleteAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSettled: () => qc.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
