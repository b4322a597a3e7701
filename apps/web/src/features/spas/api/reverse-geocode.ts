import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReverseGeo } from '@spajobs/contract/stats';
import { apiRequest } from '../../../lib/api-client';

/** GET /geo/reverse: the nearest known Indian city to a point (answers 400 outside India). */
export function reverseGeocode(lat: number, lng: number, signal?: AbortSignal) {
  return apiRequest<ReverseGeo>('/geo/reverse', { query: { lat, lng }, signal });
}

// Two decimals (about 1 km) is enough for a city name and lets nearby positions share the cache.
const round = (n: number) => Math.round(n * 100) / 100;

export const reverseGeocodeQuery = (lat: number, lng: number) =>
  queryOptions({
    queryKey: ['geo', 'reverse', round(lat), round(lng)],
    queryFn: ({ signal }) => reverseGeocode(round(lat), round(lng), signal),
    staleTime: Infinity,
    retry: false,
  });

export function useReverseGeocode(pos: { lat: number; lng: number } | null) {
  return useQuery({ ...reverseGeocodeQuery(pos?.lat ?? 0, pos?.lng ?? 0), enabled: pos !== null });
}
