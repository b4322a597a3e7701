import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobSummary } from '@spajobs/contract/job';
import { apiRequest } from '../../../lib/api-client';

/** GET /spajobs/summary/all-stats, read for its categories (the filter's options). */
export function getJobSummary(signal?: AbortSignal): Promise<JobSummary> {
  return apiRequest<JobSummary>('/spajobs/summary/all-stats', { signal });
}

export const jobCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['jobs', 'summary'],
    queryFn: ({ signal }) => getJobSummary(signal),
    staleTime: 5 * 60_000,
    select: (s) => s.byCategory.map((c) => c.category).sort((a, b) => a.localeCompare(b)),
  });

export function useJobCategories() {
  return useQuery(jobCategoriesQueryOptions());
}
