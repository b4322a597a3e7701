import { MAX_PAGE_SIZE } from '@spajobs/contract/common';

export function paging(q: { page?: number | undefined; limit?: number | undefined }, defaultLimit: number) {
  const page = q.page ?? 1;
  const limit = Math.min(q.limit ?? defaultLimit, MAX_PAGE_SIZE);
  return { page, limit };
}

export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
