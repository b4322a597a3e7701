import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, storeSession } from '../test/render-with-session';
import DashboardPage from './dashboard';

const profile = {
  _id: '1',
  role: 'user',
  firstname: 'Asha',
  lastname: 'Verma',
  email: 'asha@example.com',
  phone: '9876543210',
  gender: 'Female',
  dob: null,
  qualification: null,
  experience: null,
  skills: [],
  address: null,
  profileimage: null,
  resume: null,
};
const application = (id: string, title: string, job = true) => ({
  _id: id,
  job: job ? { _id: `j${id}`, title, location: 'Bandra, Mumbai', city: 'Mumbai', salary: '₹20,000' } : null,
  status: 'shortlisted',
  appliedAt: '2026-03-05T10:00:00.000Z',
});

/** Answers by path, so the order of the dashboard's calls does not matter. */
function routeFetch(routes: Record<string, () => { status: number; body?: unknown }>) {
  const fn = vi.fn(async (url: string) => {
    const path = url.replace('/api/v1', '').split('?')[0]!;
    const answer = routes[path]?.() ?? { status: 404 };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

beforeEach(() => {
  localStorage.clear();
  storeSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('dashboard', () => {
  it('shows the count and the applied jobs, dropping those whose job is gone', async () => {
    routeFetch({
      '/users/profile': () => ({ status: 200, body: profile }),
      '/application/user/applications/count': () => ({ status: 200, body: { count: 3 } }),
      '/application/user/applications': () => ({
        status: 200,
        body: {
          success: true,
          data: [
            application('1', 'Spa Therapist'),
            application('2', 'Gone', false),
            application('3', 'Receptionist'),
          ],
          total: 3,
          page: 1,
          pages: 1,
        },
      }),
    });
    renderWithSession(<DashboardPage />, { path: '/dashboard' });
    expect(screen.getByText('Loading your dashboard...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      /^Good (morning|afternoon|evening), Asha$/,
    );
    expect(await screen.findByTestId('applied-jobs-count')).toHaveTextContent('3');
    expect(await screen.findByRole('link', { name: 'Spa Therapist' })).toHaveAttribute('href', '/job/j1');
    expect(screen.getByRole('link', { name: 'Receptionist' })).toBeInTheDocument();
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();
    expect(screen.getAllByText('shortlisted')).toHaveLength(2);
    expect(screen.getAllByText('Applied on')).toHaveLength(2);
    expect(screen.getAllByText('Bandra, Mumbai')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/applications');
  });

  it('shows the empty state', async () => {
    routeFetch({
      '/users/profile': () => ({ status: 200, body: profile }),
      '/application/user/applications/count': () => ({ status: 200, body: { count: 0 } }),
      '/application/user/applications': () => ({
        status: 200,
        body: { success: true, data: [], total: 0, page: 1, pages: 0 },
      }),
    });
    renderWithSession(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('No applied jobs found')).toBeInTheDocument();
    expect(screen.getByText('You haven’t applied to any jobs yet.')).toBeInTheDocument();
  });

  it('says when it failed and tries again on Retry', async () => {
    let profileAnswer = { status: 500 as number, body: undefined as unknown };
    routeFetch({
      '/users/profile': () => profileAnswer,
      '/application/user/applications/count': () => ({ status: 200, body: { count: 0 } }),
      '/application/user/applications': () => ({
        status: 200,
        body: { success: true, data: [], total: 0, page: 1, pages: 0 },
      }),
    });
    renderWithSession(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    profileAnswer = { status: 200, body: profile };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Asha');
  });
});
