import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../lib/session';

/** Shows where the router ended up, for redirect assertions. */
function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

/**
 * Renders `element` at `path` inside the app's providers, with stand-in
 * screens at the other paths it may redirect to.
 */
export function renderWithSession(
  element: ReactNode,
  { path = '/', at = path }: { path?: string; at?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** A fetch that answers each call with the next of `answers` (status and JSON body). */
export function stubFetch(...answers: { status: number; body?: unknown }[]) {
  const fn = vi.fn(async () => {
    const a = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(a.body === undefined ? '' : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function storeSession(
  user: Partial<{ _id: string; firstname: string; role: string }> = {},
  token = 'tok',
) {
  localStorage.setItem('token', token);
  localStorage.setItem(
    'user',
    JSON.stringify({
      _id: '1',
      firstname: 'Asha',
      lastname: 'Verma',
      email: 'asha@example.com',
      role: 'user',
      ...user,
    }),
  );
}
