import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /spas/locations/cities?state= (all cities when no state is given). */
export function getCities(state: string, signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('/spas/locations/cities', { query: { state }, signal });
}

export const citiesQueryOptions = (state: string) =>
  queryOptions({
    queryKey: ['locations', 'cities', state],
    queryFn: ({ signal }) => getCities(state, signal),
    staleTime: 30 * 60_000,
  });

export function useCities(state: string, enabled: boolean) {
  return useQuery({ ...citiesQueryOptions(state), enabled });
}
