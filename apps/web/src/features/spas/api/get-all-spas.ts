import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpaListResponse } from '@spajobs/contract/spa';
import { apiRequest } from '../../../lib/api-client';

/** GET /spas/spaall: every spa, paged; the fallback when the visitor's location is unknown. */
export function getAllSpas(page: number, limit: number, signal?: AbortSignal) {
  return apiRequest<SpaListResponse>('/spas/spaall', { query: { page, limit }, signal });
}

export const allSpasQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: ['spas', 'all', page, limit],
    queryFn: ({ signal }) => getAllSpas(page, limit, signal),
  });

export function useAllSpas(page: number, limit: number, enabled = true) {
  return useQuery({ ...allSpasQuery(page, limit), enabled });
}
