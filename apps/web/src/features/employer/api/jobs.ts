import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmployerJob, JobPayload, NewJobPayload } from '@spajobs/contract/employer';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

export const employerJobsKey = [...ACCOUNT_QUERY_KEY, 'employer', 'jobs'] as const;

/** GET /employer/jobs */
export const useEmployerJobs = () =>
  useQuery({
    queryKey: employerJobsKey,
    queryFn: ({ signal }) =>
      apiRequest<{ data: EmployerJob[] }>('/employer/jobs', { signal }).then((r) => r.data),
  });

/** POST /employer/jobs */
export function usePostJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewJobPayload) =>
      apiRequest<{ jobId: string; moderation: string }>('/employer/jobs', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: employerJobsKey }),
  });
}

/** PUT /employer/jobs/:id */
export function useEditJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: JobPayload & { id: string }) =>
      apiRequest(`/employer/jobs/${id}`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: employerJobsKey }),
  });
}

/** POST /employer/jobs/:id/(pause|resume|close|renew) */
export function useJobAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: string }) =>
      apiRequest(`/employer/jobs/${id}/${action}`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: employerJobsKey }),
  });
}
