/**
 * The server renderer of the public pages (built by `vite build --ssr` and
 * imported by the API in production). It runs the same route table as the
 * browser through React Router's static handler: the matched screens'
 * loaders fill a per-request TanStack Query cache, React renders the page
 * from it, and the page carries that cache and the router's state as JSON,
 * so the browser hydrates without fetching again.
 */
import { StrictMode } from 'react';
import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { setApiTransport } from './lib/api-client';
import { prefetchContext } from './lib/server-loader';
import { SessionProvider } from './lib/session';
import { setSiteConfig, type SiteConfig } from './lib/site-config';
import { routes } from './routes/router';

export interface ServerSetup {
  /** Answers the pages' API calls in-process (always anonymous: the session is a token kept in the browser). */
  transport: (url: string, init: RequestInit) => Promise<Response>;
  site: SiteConfig;
}

/** Once per process, before the first render. */
export function configure(setup: ServerSetup): void {
  setApiTransport(setup.transport);
  setSiteConfig(setup.site);
}

export type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  /** The page's data could not be read: serve the app unrendered, which shows its own error and retries. */
  | { type: 'fallback' }
  | {
      type: 'page';
      status: number;
      /** JSON for <script id="router-state" type="application/json">. */
      routerState: string;
      /** JSON for <script id="query-state" type="application/json">. */
      queryState: string;
      /** Renders the app; once it is all ready, `pipe` streams it (the inside of #root) into `out` and ends it. */
      open(): Promise<{ pipe(out: Writable): void }>;
    };

const handler = createStaticHandler(routes);

/** JSON inside <script> must not be able to close the tag. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Route errors as React Router's browser router revives them (only "not found" responses reach here). */
function serializeErrors(errors: StaticHandlerContext['errors']) {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, err] of Object.entries(errors)) {
    out[id] = isRouteErrorResponse(err)
      ? { ...err, __type: 'RouteErrorResponse' }
      : { message: 'Unexpected Server Error', __type: 'Error' };
  }
  return out;
}

/**
 * Renders the page at `url` (path and query as requested, e.g. `/jobs?city=Pune`).
 * `origin` only completes the request's URL for the router.
 */
export async function render(
  url: string,
  opts: { origin: string; signal?: AbortSignal },
): Promise<RenderResult> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000, gcTime: Infinity } },
  });
  const requestContext = new RouterContextProvider();
  requestContext.set(prefetchContext, { queryClient });
  const request = new Request(new URL(url, opts.origin), { signal: opts.signal });
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    return { type: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .some((q) => q.state.status === 'error');
  // A record that does not exist is the not-found page (its failed read is not needed); any other failure
  // leaves the page to the browser, which shows its own error and retries.
  if (context.statusCode >= 500 || (failed && !context.errors)) return { type: 'fallback' };

  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  return {
    type: 'page',
    status: context.statusCode,
    routerState: scriptJson({
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    }),
    queryState: scriptJson(dehydrate(queryClient)),
    open() {
      return new Promise((resolve, reject) => {
        let failure: unknown;
        const stream = renderToPipeableStream(app, {
          // All data is in the cache before rendering, so the whole page is ready at once; waiting for it
          // keeps React from adding inline scripts, and the Content-Security-Policy stays "scripts from this site".
          onAllReady() {
            if (failure) reject(failure);
            else resolve({ pipe: (out) => void stream.pipe(out) });
          },
          onShellError: reject,
          onError(err) {
            failure ??= err;
          },
        });
        opts.signal?.addEventListener('abort', () => stream.abort());
      });
    },
  };
}
