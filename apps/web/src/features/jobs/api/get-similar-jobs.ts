import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job, SimilarJobsResponse } from '@spajobs/contract/job';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /spajobs/:id/similar: a few open jobs of the job's kind in its city, newest first (offered when it
 * has closed). Only the jobs, no count: the page links to the whole listing for more.
 */
export function getSimilarJobs(job: Pick<Job, '_id'>, signal?: AbortSignal) {
  return apiRequest<SimilarJobsResponse>(`/spajobs/${encodeURIComponent(job._id)}/similar`, { signal });
}

export const similarJobsQuery = (job: Pick<Job, '_id'>) =>
  queryOptions({
    queryKey: ['jobs', 'similar', job._id],
    queryFn: ({ signal }) => getSimilarJobs(job, signal),
  });

export const useSimilarJobs = (job: Pick<Job, '_id'>) => useQuery(similarJobsQuery(job));
