import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Applicant, StatusChangePayload } from '@spajobs/contract/employer';
import { apiRequest, API_BASE } from '../../../lib/api-client';
import { readToken } from '../../../lib/session-storage';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

export const applicantsKey = [...ACCOUNT_QUERY_KEY, 'employer', 'applicants'] as const;

/** GET /employer/applications */
export const useApplicants = (filters: { status?: string; jobId?: string; page: number }) =>
  useQuery({
    queryKey: [...applicantsKey, filters],
    queryFn: ({ signal }) =>
      apiRequest<{ data: Applicant[]; total: number; pages: number }>('/employer/applications', {
        signal,
        query: { ...filters, limit: 20 },
      }),
  });

/** POST /employer/applications/:id/status */
export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StatusChangePayload & { id: string }) =>
      apiRequest(`/employer/applications/${id}/status`, { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'employer'] }),
  });
}

/** POST /employer/applications/bulk-status */
export function useBulkStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; status: 'shortlisted' | 'rejected' }) =>
      apiRequest('/employer/applications/bulk-status', { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'employer'] }),
  });
}

/** A file the API serves only with the token (resume, CSV): fetched, then saved by the browser. */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(`${API_BASE}${path}`, {
    headers: { authorization: `Bearer ${readToken() ?? ''}` },
  });
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
