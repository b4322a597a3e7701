import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { countResponse } from '@spajobs/contract/application';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

/** GET /application/user/applications/count (bearer). */
export async function getApplicationsCount(signal?: AbortSignal): Promise<number> {
  const data = await apiRequest<z.infer<typeof countResponse>>('/application/user/applications/count', {
    signal,
  });
  return Number(data?.count) || 0;
}

export const applicationsCountQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'applications-count'] as const,
    queryFn: ({ signal }) => getApplicationsCount(signal),
    refetchOnMount: 'always',
  });

export function useApplicationsCount() {
  return useQuery(applicationsCountQueryOptions());
}
