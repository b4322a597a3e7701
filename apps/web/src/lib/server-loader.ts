import type { QueryClient } from '@tanstack/react-query';
import { createContext, data, type LoaderFunctionArgs, type RouterContextProvider } from 'react-router';
import { ApiError } from './api-client';

/** What the server renderer hands a route's loader: the request's own query cache. */
export interface PrefetchContext {
  queryClient: QueryClient;
}

export const prefetchContext = createContext<PrefetchContext | null>(null);

type Prefetch = (args: LoaderFunctionArgs, queryClient: QueryClient) => Promise<unknown>;

/**
 * A route loader that fills the query cache while the server renders the
 * page, so its HTML carries the real content and the browser hydrates from
 * the same data. In the browser it returns at once: there, screens load their
 * data as they show (skeletons, then content), as they always have.
 */
export function serverLoader(prefetch: Prefetch) {
  return async (args: LoaderFunctionArgs) => {
    const ctx = (args.context as unknown as RouterContextProvider | undefined)?.get?.(prefetchContext);
    if (!ctx) return null;
    return (await prefetch(args, ctx.queryClient)) ?? null;
  };
}

/** What kind of record an address named but does not exist (the page error shows that record's "not found"). */
export type MissingRecord = 'job' | 'spa';

/** A record the address names does not exist: the page answers 404 with its not-found screen. */
export function notFound(record: MissingRecord): never {
  throw data(record, { status: 404, statusText: 'Not Found' });
}

/**
 * What the API answers for an id that names nothing: none by that id (404), a malformed id (400), or one
 * longer than an address may carry (414).
 */
const MISSING = new Set([400, 404, 414]);

/** A failed read of the page's own record: 404 when the API says there is none (or the id cannot be one). */
export const rethrowMissing =
  (record: MissingRecord) =>
  (err: unknown): never => {
    if (err instanceof ApiError && MISSING.has(err.status)) notFound(record);
    throw err;
  };
