import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session';
import { setLocale } from '../messages';
import { routes } from './router';

/** The app's own route table (both languages) in a memory router at `at`. */
function renderApp(at: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  sessionStorage.setItem('contactPopupClosed', '1');
  document.cookie = 'lang=; Max-Age=0; Path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: [] }), { status: 200 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setLocale('en');
});

describe('Hindi under /hi', () => {
  it('renders the same page in Hindi, with links that stay in Hindi and a head that says so', async () => {
    renderApp('/hi/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'प्राइवेसी पॉलिसी' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    const nav = screen.getAllByRole('navigation', { name: 'मुख्य' })[0]!;
    expect(within(nav).getByRole('link', { name: 'जॉब खोजें' })).toHaveAttribute('href', '/hi/jobs');
    expect(within(nav).getByRole('link', { name: 'होम' })).toHaveAttribute('href', '/hi');
    await waitFor(() => expect(document.head.querySelector('link[hreflang="en"]')).toBeTruthy());
    expect(document.head.querySelector('link[hreflang="en"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/privacy`,
    );
    expect(document.head.querySelector('link[hreflang="hi"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/hi/privacy`,
    );
    expect(document.head.querySelector('link[hreflang="x-default"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/privacy`,
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/hi/privacy`,
    );
  });

  it('the switch names each language in itself, marks the current one and keeps the page and query', async () => {
    const router = renderApp('/hi/terms?from=mail');
    await screen.findByRole('heading', { level: 1, name: 'इस्तेमाल की शर्तें' });
    const langs = screen.getByRole('navigation', { name: 'भाषा' });
    const hindi = within(langs).getByRole('link', { name: 'हिन्दी' });
    const english = within(langs).getByRole('link', { name: 'English' });
    expect(hindi).toHaveAttribute('aria-current', 'true');
    expect(hindi).toHaveAttribute('lang', 'hi');
    expect(english).toHaveAttribute('lang', 'en');
    expect(english).toHaveAttribute('href', '/terms?from=mail');

    await userEvent.click(english);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
    expect(router.state.location.search).toBe('?from=mail');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(document.cookie).toContain('lang=en');
    expect(screen.getByRole('link', { name: 'हिन्दी' })).toHaveAttribute('href', '/hi/terms?from=mail');
  });

  it('English stays at the root, exactly as before', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Find Jobs' })).toHaveAttribute('href', '/jobs');
  });

  it('offers Hindi to a browser set to Hindi on its first visit, without leaving the page', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['hi-IN', 'hi', 'en']);
    const router = renderApp('/about');
    const offer = await screen.findByRole('link', { name: 'यह साइट हिन्दी में देखें' });
    expect(offer).toHaveAttribute('href', '/hi/about');
    expect(offer).toHaveAttribute('lang', 'hi');
    expect(router.state.location.pathname).toBe('/about');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('link', { name: 'यह साइट हिन्दी में देखें' })).not.toBeInTheDocument();
    expect(document.cookie).toContain('lang=en');
  });
});
