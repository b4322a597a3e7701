import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /spas/locations/states: the states that have spas. */
export function getStates(signal?: AbortSignal) {
  return apiRequest<string[]>('/spas/locations/states', { signal });
}

/** GET /spas/locations/cities?state=: the cities of a state that have spas. */
export function getCities(state: string, signal?: AbortSignal) {
  return apiRequest<string[]>('/spas/locations/cities', { query: { state }, signal });
}

export const statesQuery = () =>
  queryOptions({
    queryKey: ['spas', 'states'],
    queryFn: ({ signal }) => getStates(signal),
    staleTime: 60 * 60_000,
  });

export const citiesQuery = (state: string) =>
  queryOptions({
    queryKey: ['spas', 'cities', state],
    queryFn: ({ signal }) => getCities(state, signal),
    staleTime: 60 * 60_000,
  });

export const useStates = () => useQuery(statesQuery());
export const useCities = (state: string) => useQuery({ ...citiesQuery(state), enabled: state !== '' });
