import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppliedJobIdsResponse } from '@spajobs/contract/application';
import { apiRequest } from './api-client';
import { ACCOUNT_QUERY_KEY, useSession } from './session';

export const appliedJobIdsQueryKey = [...ACCOUNT_QUERY_KEY, 'applied-job-ids'] as const;

const NONE: ReadonlySet<string> = new Set();

/**
 * The jobs the signed-in candidate applied to, so that cards and the job page
 * can mark them. Empty for a visitor who is signed out; one request shared by
 * every card on the screen.
 */
export function useAppliedJobIds(): ReadonlySet<string> {
  const { status } = useSession();
  const query = useQuery({
    queryKey: appliedJobIdsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<AppliedJobIdsResponse>('/application/user/applied-job-ids', { signal }).then(
        (r) => new Set(r.data) as ReadonlySet<string>,
      ),
    enabled: status === 'signed-in',
    staleTime: 60_000,
  });
  return status === 'signed-in' ? (query.data ?? NONE) : NONE;
}

/** Marks a job as applied at once, before the list is read again. */
export function markJobApplied(queryClient: QueryClient, jobId: string): void {
  queryClient.setQueryData<ReadonlySet<string>>(
    appliedJobIdsQueryKey,
    (old) => new Set([...(old ?? []), jobId]),
  );
}
