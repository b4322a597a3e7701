import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SPA_PAGE_SIZE } from '../lib/constants';
import type { SpaListResponse } from '@spajobs/contract/spa';
import { apiRequest } from '../../../lib/api-client';

export interface SpaSearchParams {
  page: number;
  name?: string | undefined;
  state?: string | undefined;
  city?: string | undefined;
  radius?: number | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
}

/** GET /spas/search: 12 a page, filtered by name, state, city and distance from a point. */
export function searchSpas(p: SpaSearchParams, signal?: AbortSignal) {
  return apiRequest<SpaListResponse>('/spas/search', {
    query: { ...p, limit: SPA_PAGE_SIZE },
    signal,
  });
}

export const searchSpasQuery = (p: SpaSearchParams) =>
  queryOptions({
    queryKey: ['spas', 'search', p],
    queryFn: ({ signal }) => searchSpas(p, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchSpas(p: SpaSearchParams, enabled = true) {
  return useQuery({ ...searchSpasQuery(p), enabled });
}
