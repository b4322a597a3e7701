import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@spajobs/contract/job';
import type { Spa } from '@spajobs/contract/spa';
import { apiRequest } from '../../../lib/api-client';

export interface SpaDetailsResponse {
  success: true;
  spa: Spa;
  jobs: Job[];
}

/** GET /spas/spa/{id}/details: a spa and its open jobs (404 when there is no such spa). */
export function getSpaDetails(id: string, signal?: AbortSignal) {
  return apiRequest<SpaDetailsResponse>(`/spas/spa/${encodeURIComponent(id)}/details`, { signal });
}

export const spaDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: ['spas', 'details', id],
    queryFn: ({ signal }) => getSpaDetails(id, signal),
  });

export const useSpaDetails = (id: string) => useQuery(spaDetailsQuery(id));
