import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JobListResponse } from '@spajobs/contract/job';
import { apiRequest } from '../../../lib/api-client';
import { toJobListQuery, type JobFilters } from '../job-filters';

/** GET /spajobs: one page of open jobs, filtered by the server. */
export function getJobs(filters: JobFilters, signal?: AbortSignal): Promise<JobListResponse> {
  return apiRequest<JobListResponse>('/spajobs', { query: toJobListQuery(filters), signal });
}

export const jobsQueryOptions = (filters: JobFilters) =>
  queryOptions({
    queryKey: ['jobs', 'list', toJobListQuery(filters)],
    queryFn: ({ signal }) => getJobs(filters, signal),
    // Keep the current page on screen while the next one loads: no flash, no shift.
    placeholderData: keepPreviousData,
  });

export function useJobs(filters: JobFilters) {
  return useQuery(jobsQueryOptions(filters));
}
