import { MAX_PAGE_SIZE, RESULT_WINDOW } from '@spajobs/contract/common';
import { messages } from '@spajobs/contract/messages';
import { badRequest } from './http-error.ts';

export function paging(q: { page?: number | undefined; limit?: number | undefined }, defaultLimit: number) {
  const page = q.page ?? 1;
  const limit = Math.min(q.limit ?? defaultLimit, MAX_PAGE_SIZE);
  return { page, limit };
}

export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** Pages a listing offers: never past the result window (decision 0013). */
export const windowPageCount = (total: number, limit: number) =>
  Math.max(1, Math.min(Math.ceil(total / limit), Math.ceil(RESULT_WINDOW / limit)));

/** A page that starts past the result window answers 400: narrower filters reach those jobs. */
export function assertWithinWindow(page: number, limit: number): void {
  if ((page - 1) * limit >= RESULT_WINDOW)
    throw badRequest(messages.pageBeyondWindow, { page: messages.pageBeyondWindow });
}
