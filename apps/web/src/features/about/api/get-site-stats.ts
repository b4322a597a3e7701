import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteStats } from '@spajobs/contract/stats';
import { apiRequest } from '../../../lib/api-client';

/** GET /stats: totals of candidates, spas and open jobs. */
export function getSiteStats(signal?: AbortSignal): Promise<SiteStats> {
  return apiRequest<SiteStats>('/stats', { signal });
}

export const siteStatsQueryOptions = () =>
  queryOptions({ queryKey: ['stats'], queryFn: ({ signal }) => getSiteStats(signal) });

export function useSiteStats() {
  return useQuery(siteStatsQueryOptions());
}
