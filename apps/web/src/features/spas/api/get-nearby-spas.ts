import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Spa } from '@spajobs/contract/spa';
import { apiRequest } from '../../../lib/api-client';

export interface NearbySpasResponse {
  success: true;
  data: Spa[];
  /** Exact up to NEAR_COUNT_CAP; with countCapped, at least that many (decision 86). */
  count: number;
  countCapped: boolean;
}

export interface NearbyParams {
  lat: number;
  lng: number;
  radius: number;
  limit: number;
}

/** GET /spas/nearspa: spas within a radius, nearest first, each with its distance in km. */
export function getNearbySpas(p: NearbyParams, signal?: AbortSignal) {
  return apiRequest<NearbySpasResponse>('/spas/nearspa', { query: { ...p }, signal });
}

export const nearbySpasQuery = (p: NearbyParams) =>
  queryOptions({
    queryKey: ['spas', 'near', p],
    queryFn: ({ signal }) => getNearbySpas(p, signal),
  });

export function useNearbySpas(p: NearbyParams | null) {
  return useQuery({
    ...nearbySpasQuery(p ?? { lat: 0, lng: 0, radius: 0, limit: 0 }),
    enabled: p !== null,
  });
}
