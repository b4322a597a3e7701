import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, storeSession } from '../test/render-with-session';
import ApplicationsPage from './applications';

const page = (n: number, pages: number) => ({
  success: true,
  data: Array.from({ length: 2 }, (_, i) => ({
    _id: `${n}-${i}`,
    job: { _id: `j${n}${i}`, title: `Job ${n}.${i}`, location: 'Baner', city: 'Pune', salary: '₹18,000' },
    status: 'viewed',
    appliedAt: '2026-03-05T10:00:00.000Z',
  })),
  total: 2 * pages,
  page: n,
  pages,
});

beforeEach(() => {
  localStorage.clear();
  storeSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('applications page', () => {
  it('asks for the page it shows and moves between pages', async () => {
    const fetch = vi.fn(async (url: string) => {
      const n = Number(new URL(url, 'http://x').searchParams.get('page'));
      return new Response(JSON.stringify(page(n, 3)), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithSession(<ApplicationsPage />, { path: '/applications' });
    expect(await screen.findByRole('link', { name: 'Job 1.0' })).toHaveAttribute('href', '/job/j10');
    expect(screen.getByText('6 applications')).toBeInTheDocument();
    expect(screen.getAllByText('Baner, Pune')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Job 2.0' })).toBeInTheDocument();
    expect(fetch.mock.calls.at(-1)![0]).toContain('page=2');
  });

  it('shows the empty state when there are none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ success: true, data: [], total: 0, page: 1, pages: 0 })),
      ),
    );
    renderWithSession(<ApplicationsPage />, { path: '/applications' });
    expect(await screen.findByText('No applied jobs found')).toBeInTheDocument();
  });
});
