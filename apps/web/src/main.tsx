import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './lib/query-client';
import { routes } from './routes/router';
import { SessionProvider } from './lib/session';
import { loadCatalogue, localeOf, setLocale } from './messages';
import './index.css';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}

/** Data the server wrote into the page as JSON (not run as script, so the CSP needs no exception). */
function readJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

async function start() {
  const container = document.getElementById('root')!;
  const routerState = readJson<HydrationState>('router-state');
  const queryState = readJson<DehydratedState>('query-state');
  // A Hindi page hydrates with the Hindi texts already in place (the server rendered it with them).
  const lang = localeOf(window.location.pathname);
  setLocale(lang);
  const texts = loadCatalogue(lang, window.location.pathname);
  if (queryState) hydrate(queryClient, queryState);
  if (routerState) {
    // The screens the server rendered must be in place before hydrating, or the first render would differ.
    const lazy = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
    await Promise.all(
      lazy.map(async (m) => {
        const loaded = await (m.route.lazy as () => Promise<object>)();
        Object.assign(m.route, { ...loaded, lazy: undefined });
      }),
    );
    await texts;
    // React Router reads this global itself, reviving the route errors (404) the server rendered.
    window.__staticRouterHydrationData = routerState;
  }
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  // Not as a transition: a tap that lands while React is still attaching the chrome would be lost (a
  // link tapped mid-hydration did nothing). The chrome is attached in one piece; the screen inside it
  // has a boundary of its own (Layout), attached in slices, where a tap is handled as it comes.
  if (routerState) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
