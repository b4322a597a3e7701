import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobSummary } from '@spajobs/contract/job';
import { apiRequest } from '../../../lib/api-client';

/** GET /spajobs/summary/all-stats: open jobs counted by city, state, category, and city with state. */
export function getJobSummary(signal?: AbortSignal) {
  return apiRequest<JobSummary>('/spajobs/summary/all-stats', { signal });
}

export const jobSummaryQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'summary'],
    queryFn: ({ signal }) => getJobSummary(signal),
    staleTime: 5 * 60_000,
  });

export const useJobSummary = () => useQuery(jobSummaryQuery());
