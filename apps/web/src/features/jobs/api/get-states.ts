import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /spas/locations/states */
export function getStates(signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('/spas/locations/states', { signal });
}

export const statesQueryOptions = () =>
  queryOptions({
    queryKey: ['locations', 'states'],
    queryFn: ({ signal }) => getStates(signal),
    staleTime: 30 * 60_000,
  });

export function useStates() {
  return useQuery(statesQueryOptions());
}
