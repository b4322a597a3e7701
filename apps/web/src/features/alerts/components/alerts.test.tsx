import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, storeSession } from '../../../test/render-with-session';
import AlertsSection from './alerts-section';
import { JobAlertButton } from './job-alert-button';

/** Answers by method and path; keeps every call. */
function routeFetch(routes: Record<string, (init: RequestInit) => { status: number; body?: unknown }>) {
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = url.replace('/api/v1', '').split('?')[0]!;
    const answer = routes[`${init.method ?? 'GET'} ${path}`]?.(init) ?? { status: 404 };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const alert = (over: object = {}) => ({
  id: '7',
  email: 'asha@example.com',
  frequency: 'daily',
  query: { city: 'Pune', q: 'therapist' },
  language: 'en',
  status: 'active',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSentAt: null,
  nextDigestAt: '2026-03-02T02:30:00.000Z',
  ...over,
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Get these jobs by e-mail', () => {
  it('prefills a candidate’s e-mail, checks it, and sends the search on screen', async () => {
    storeSession();
    const fetch = routeFetch({
      'POST /alerts': () => ({
        status: 201,
        body: {
          success: true,
          message: 'Almost done! Check your e-mail.',
          alert: alert({ status: 'pending' }),
          confirmationSent: true,
        },
      }),
    });
    renderWithSession(<JobAlertButton query={{ city: 'Pune', q: 'therapist', salaryMin: 20000 }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get these jobs by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get these jobs by e-mail' });
    expect(within(dialog).getByText('“therapist”, in Pune, ₹20,000+ a month')).toBeInTheDocument();
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    expect(email).toHaveValue('asha@example.com');
    await user.clear(email);
    await user.type(email, 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Create job alert' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, 'Asha@Example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'How often' }), 'weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Create job alert' }));
    expect(await within(dialog).findByText('Almost done! Check your e-mail.')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/alerts');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'asha@example.com',
      frequency: 'weekly',
      query: { city: 'Pune', q: 'therapist', salaryMin: 20000 },
    });
  });

  it('shows the server’s message when the address has too many alerts', async () => {
    routeFetch({
      'POST /alerts': () => ({
        status: 409,
        body: { success: false, error: 'Conflict', message: 'This email address already has 10 job alerts.' },
      }),
    });
    renderWithSession(<JobAlertButton query={{}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get these jobs by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('All spa jobs')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'a@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create job alert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This email address already has 10 job alerts.',
    );
  });
});

describe('Job alerts in the dashboard', () => {
  it('lists alerts and pauses, changes frequency and deletes them', async () => {
    storeSession();
    let alerts = [
      alert(),
      alert({ id: '8', query: { state: 'Kerala' }, status: 'paused', nextDigestAt: null }),
    ];
    const fetch = routeFetch({
      'GET /alerts': () => ({ status: 200, body: { success: true, alerts } }),
      'PATCH /alerts/7': (init) => {
        const patch = JSON.parse(init.body as string) as object;
        alerts = [alert('paused' in patch ? { status: 'paused' } : patch), alerts[1]!];
        return { status: 200, body: { success: true, message: 'ok', alert: alerts[0] } };
      },
      'DELETE /alerts/8': () => {
        alerts = [alerts[0]!];
        return { status: 200, body: { success: true, message: 'deleted' } };
      },
    });
    vi.stubGlobal('confirm', () => true);
    renderWithSession(<AlertsSection />);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: '“therapist”, in Pune' })).toHaveAttribute(
      'href',
      '/jobs?q=therapist&city=Pune',
    );
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause: “therapist”, in Pune' }));
    expect(await screen.findByRole('button', { name: 'Resume: “therapist”, in Pune' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'How often for in Kerala' }), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Delete: in Kerala' }));
    await vi.waitFor(() => expect(screen.queryByText('in Kerala')).not.toBeInTheDocument());
    const calls = fetch.mock.calls.map(([u, i]) => `${(i as RequestInit | undefined)?.method ?? 'GET'} ${u}`);
    expect(calls).toContain('PATCH /api/v1/alerts/7');
    expect(calls).toContain('DELETE /api/v1/alerts/8');
  });

  it('invites to create one when there are none', async () => {
    storeSession();
    routeFetch({ 'GET /alerts': () => ({ status: 200, body: { success: true, alerts: [] } }) });
    renderWithSession(<AlertsSection />);
    expect(await screen.findByText('No job alerts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/jobs');
  });
});
