import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { alertListResponse, JobAlert } from '@spajobs/contract/alert';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

export const ALERTS_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'alerts'] as const;

/** GET /alerts (bearer): the signed-in candidate's job alerts. */
export async function getAlerts(signal?: AbortSignal): Promise<JobAlert[]> {
  const data = await apiRequest<z.infer<typeof alertListResponse>>('/alerts', { signal });
  return data.alerts;
}

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: ALERTS_QUERY_KEY, queryFn: ({ signal }) => getAlerts(signal) });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
