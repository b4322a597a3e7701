import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../lib/session';
import { ApplyNowButton } from './apply-now-button';

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter>
          <ApplyNowButton jobId="42" />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** Answers the application with `status` and `body`; the list of applied jobs is empty. */
const answer = (status: number, body: object) =>
  vi.fn(async (url: string, _init?: RequestInit) =>
    String(url).includes('applied-job-ids')
      ? new Response(JSON.stringify({ success: true, data: [] }), {
          headers: { 'content-type': 'application/json' },
        })
      : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

function signIn() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem(
    'user',
    JSON.stringify({ _id: '1', firstname: 'Asha', lastname: 'V', email: 'a@b.co', role: 'user' }),
  );
}

describe('ApplyNowButton', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marks a job the candidate applied to, instead of offering Apply Now', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, data: ['42'] }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderButton();
    expect(await screen.findByTestId('applied-mark')).toHaveTextContent('Applied');
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in and sends nothing', async () => {
    const fetch = answer(201, {});
    vi.stubGlobal('fetch', fetch);
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Apply Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in to apply for this job.');
    // The sign-in comes back to this job and applies straight away.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2F%3Fapply%3D1',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('applies with the token and confirms', async () => {
    signIn();
    const fetch = answer(201, { success: true, message: 'ok', applicationId: '9' });
    vi.stubGlobal('fetch', fetch);
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply Now' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You have successfully applied for this job!',
    );
    const [url, init] = fetch.mock.calls.find(
      ([, i]) => (i as RequestInit | undefined)?.method === 'POST',
    ) as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/application/apply/user');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ jobId: '42' });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it.each([
    [
      409,
      { success: false, error: 'Conflict', message: 'Already applied' },
      'You have applied for this job already. Wait for 15 days.',
    ],
    [
      401,
      { success: false, error: 'Unauthorized', message: 'Token expired' },
      'Your session has expired. Please log in again.',
    ],
    [
      403,
      { success: false, error: 'Forbidden', message: 'Only candidates can apply' },
      'Error: Only candidates can apply',
    ],
    [500, {}, 'You have applied for this job already. Wait for 15 days.'],
  ])('answers a %i with the spec’s message', async (status, body, text) => {
    signIn();
    vi.stubGlobal('fetch', answer(status, body));
    renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
