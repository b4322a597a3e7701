import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApplicationItem, applicationsResponse } from '@spajobs/contract/application';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

export type ApplicationWithJob = ApplicationItem & { job: NonNullable<ApplicationItem['job']> };
type ApplicationsPage = z.infer<typeof applicationsResponse>;

/** GET /application/user/applications (bearer): newest first, paged. Entries whose job is gone are dropped (spec section 3). */
export async function getApplications(page: number, limit: number, signal?: AbortSignal) {
  const data = await apiRequest<ApplicationsPage>('/application/user/applications', {
    query: { page, limit },
    signal,
  });
  const list = Array.isArray(data) ? (data as ApplicationItem[]) : (data?.data ?? []);
  return {
    items: list.filter((a): a is ApplicationWithJob => a.job !== null && a.job !== undefined),
    total: data?.total ?? list.length,
    page: data?.page ?? page,
    pages: data?.pages ?? 1,
  };
}

export const applicationsQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'applications', { page, limit }] as const,
    queryFn: ({ signal }) => getApplications(page, limit, signal),
    // A job applied to on another screen must show when the list is opened again.
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export function useApplications(page: number, limit: number) {
  return useQuery(applicationsQueryOptions(page, limit));
}
