import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

/** POST /application/:id/withdraw: the candidate takes back an open application. */
export const withdrawApplication = (id: string) =>
  apiRequest<{ success: true }>(`/application/${id}/withdraw`, { method: 'POST' });

export function useWithdrawApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSettled: () => qc.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'applications'] }),
  });
}
