import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@spajobs/contract/job';
import { apiRequest } from '../../../lib/api-client';

/** GET /spajobs/{id}: one job with its spa (the server counts a view). */
export function getJob(id: string, signal?: AbortSignal): Promise<Job> {
  return apiRequest<Job>(`/spajobs/${encodeURIComponent(id)}`, { signal });
}

export const jobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['jobs', 'detail', id],
    queryFn: ({ signal }) => getJob(id, signal),
  });

/**
 * The job, shown at once from the card that was clicked (navigation state)
 * when there is one, and refreshed from the API in any case.
 */
export function useJob(id: string | undefined, fromNavigation?: Job | null) {
  const initial = fromNavigation && id && String(fromNavigation._id) === id ? fromNavigation : undefined;
  return useQuery({
    ...jobQueryOptions(id ?? ''),
    enabled: Boolean(id),
    initialData: initial,
    // Treat the passed job as old so it is refreshed straight away.
    initialDataUpdatedAt: initial ? 0 : undefined,
  });
}
