import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestApplicationForm } from './guest-application-form';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GuestApplicationForm jobId="7" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('GuestApplicationForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec’s messages and sends nothing while a field is wrong', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Please enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address or phone number')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Full name/), 'Asha Verma');
    await user.type(screen.getByLabelText(/Email/), 'asha@example');
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.upload(
      screen.getByLabelText('Resume'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Please enter a valid phone number (7-15 digits)')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please upload a PDF, DOC, or DOCX file')).toBeInTheDocument();
    expect(screen.queryByText('Please enter your full name')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a resume over 5MB', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderForm();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'cv.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Resume'), big);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Resume file size should be less than 5MB')).toBeInTheDocument();
  });

  it('sends a valid application as multipart and shows the success panel', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, message: 'ok', applicationId: '1' }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Full name/), '  Asha Verma ');
    await user.type(screen.getByLabelText(/Email/), 'Asha@Example.com');
    await user.type(screen.getByLabelText('Phone'), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Job Listing' })).toHaveAttribute('href', '/jobs');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/application/apply/guest');
    const body = init.body as FormData;
    expect(body.get('job')).toBe('7');
    expect(body.get('guestInfo[name]')).toBe('Asha Verma');
    expect(body.get('guestInfo[email]')).toBe('asha@example.com');
    expect(body.get('guestInfo[phone]')).toBe('9876543210');
    expect(body.has('resume')).toBe(false);
  });

  it('applies with a phone number and no e-mail', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, message: 'ok', applicationId: '1' }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('inputmode', 'tel');
    await user.type(screen.getByLabelText(/Full name/), 'Asha Verma');
    await user.type(screen.getByLabelText('Phone'), '098765-43210');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Application Submitted!' })).toBeInTheDocument();
    const body = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(body.get('guestInfo[phone]')).toBe('9876543210');
    expect(body.has('guestInfo[email]')).toBe(false);
  });

  it('shows the server’s refusal of a second application', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, error: 'Conflict', message: 'Already applied' }), {
            status: 409,
          }),
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Full name/), 'Asha');
    await user.type(screen.getByLabelText(/Email/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have applied for this job already. Wait for 15 days.',
    );
  });
});
