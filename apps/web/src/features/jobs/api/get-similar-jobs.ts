import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job, JobListResponse } from '@spajobs/contract/job';
import { apiRequest } from '../../../lib/api-client';

export const SIMILAR_JOBS_LIMIT = 3;

/** GET /spajobs: open jobs of the same kind in the same city, newest first (offered when a job has closed). */
export function getSimilarJobs(job: Pick<Job, 'category' | 'city' | 'state'>, signal?: AbortSignal) {
  return apiRequest<JobListResponse>('/spajobs', {
    query: { category: job.category, city: job.city, state: job.state, limit: SIMILAR_JOBS_LIMIT, page: 1 },
    signal,
  });
}

export const similarJobsQuery = (job: Pick<Job, 'category' | 'city' | 'state'>) =>
  queryOptions({
    queryKey: ['jobs', 'similar', job.category, job.city, job.state],
    queryFn: ({ signal }) => getSimilarJobs(job, signal),
  });

export const useSimilarJobs = (job: Pick<Job, 'category' | 'city' | 'state'>) =>
  useQuery(similarJobsQuery(job));
