import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobListResponse } from '@spajobs/contract/job';
import { apiRequest } from '../../../lib/api-client';

export const NEARBY_JOBS_LIMIT = 6;

/** GET /spajobs near a place: the nearest open jobs within the radius, each with its distance. */
export function getNearbyJobs(lat: number, lng: number, radius: number, signal?: AbortSignal) {
  return apiRequest<JobListResponse>('/spajobs', {
    query: { lat, lng, radius, sort: 'nearest', limit: NEARBY_JOBS_LIMIT, page: 1 },
    signal,
  });
}

export const nearbyJobsQuery = (at: { lat: number; lng: number } | null, radius: number) =>
  queryOptions({
    queryKey: ['jobs', 'nearby', at ? [at.lat.toFixed(4), at.lng.toFixed(4)] : null, radius],
    queryFn: ({ signal }) => getNearbyJobs(at!.lat, at!.lng, radius, signal),
    enabled: at !== null,
  });

export const useNearbyJobs = (at: { lat: number; lng: number } | null, radius: number) =>
  useQuery(nearbyJobsQuery(at, radius));
