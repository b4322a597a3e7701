/**
 * The server renderer of the public pages (built by `vite build --ssr` and
 * imported by the API in production). It runs the same route table as the
 * browser through React Router's static handler: the matched screens'
 * loaders fill a per-request TanStack Query cache, React renders the page
 * from it, and the page carries that cache and the router's state as JSON,
 * so the browser hydrates without fetching again.
 */
import { StrictMode } from 'react';
import { AsyncLocalStorage } from 'node:async_hooks';
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
import { setServerTitleSink } from './lib/use-page-title';
import { routesOf } from './routes/router';
import { loadCatalogue, localeOf, type Locale } from './messages';
import { setLocaleSource } from './messages/locale';

/**
 * The render in progress: its language (renders of both languages interleave
 * in one process) and the title its screen gave itself.
 */
const current = new AsyncLocalStorage<{ lang: Locale; title?: string | undefined }>();
setLocaleSource(() => current.getStore()?.lang);
setServerTitleSink((title) => {
  const store = current.getStore();
  if (store) store.title = title;
});

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
      /** After `open`: the title the page's screen set for itself (as the browser shows it, in the page's language). */
      title(): string | undefined;
    };

/** One handler per language: each page is matched against its own language's half of the table. */
const handlers = { en: createStaticHandler(routesOf('en')), hi: createStaticHandler(routesOf('hi')) };

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
  const lang = localeOf(url);
  await loadCatalogue(lang);
  // Everything below (loaders, the API calls they make, React's rendering, which it schedules from here)
  // runs with this page's language.
  return current.run({ lang }, () => renderIn(url, opts));
}

async function renderIn(url: string, opts: { origin: string; signal?: AbortSignal }): Promise<RenderResult> {
  const store = current.getStore()!;
  const handler = handlers[store.lang];
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
    title: () => store.title,
    // Called later by the server, outside this render's context: the stream is rendered in the page's language.
    open() {
      return current.run(
        store,
        () =>
          new Promise<{ pipe(out: Writable): void }>((resolve, reject) => {
            let failure: unknown;
            const stream = renderToPipeableStream(app, {
              // All data is in the cache before rendering, so the whole page is ready at once; waiting for it,
              // and writing every boundary in place however large (React would otherwise move a large one to
              // the end of the page with a script that puts it back), keeps React from adding inline scripts:
              // the Content-Security-Policy stays "scripts from this site".
              progressiveChunkSize: Number.MAX_SAFE_INTEGER,
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
          }),
      );
    },
  };
}
