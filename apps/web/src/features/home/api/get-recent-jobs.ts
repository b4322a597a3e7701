import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentJobsResponse } from '@spajobs/contract/job';
import { apiRequest } from '../../../lib/api-client';

export const RECENT_JOBS_LIMIT = 9;

/** GET /spajobs/recent: the newest open jobs and the total number open. */
export function getRecentJobs(limit = RECENT_JOBS_LIMIT, page = 1, signal?: AbortSignal) {
  return apiRequest<RecentJobsResponse>('/spajobs/recent', { query: { limit, page }, signal });
}

export const recentJobsQuery = (limit = RECENT_JOBS_LIMIT, page = 1) =>
  queryOptions({
    queryKey: ['jobs', 'recent', limit, page],
    queryFn: ({ signal }) => getRecentJobs(limit, page, signal),
  });

export const useRecentJobs = () => useQuery(recentJobsQuery());
