import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, stubFetch } from '../../../test/render-with-session';
import { ContactForm } from './contact-form';

afterEach(() => vi.unstubAllGlobals());

const SAMPLE = 'Hello, I am looking for spa therapist jobs near my location.';

describe('ContactForm', () => {
  it('checks name, e-mail and message before sending anything', async () => {
    const fetch = stubFetch({ status: 201, body: { success: true, message: 'ok' } });
    renderWithSession(<ContactForm layout="popup" />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the popup message as a job inquiry, then thanks and clears the form', async () => {
    const fetch = stubFetch({ status: 201, body: { success: true, message: 'Thank you!' } });
    renderWithSession(<ContactForm layout="popup" defaultMessage={SAMPLE} />);
    expect(screen.queryByRole('combobox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(SAMPLE);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha Verma');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'Asha@Example.in');
    await user.type(screen.getByRole('textbox', { name: 'Location (optional)' }), 'Pune');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Thank you!')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/messages/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.in',
      phone: null,
      location: 'Pune',
      subject: 'jobs',
      message: SAMPLE,
    });
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(SAMPLE);
  });

  it('on the page layout offers the subject, Job Inquiry or Services Inquiry', async () => {
    const fetch = stubFetch({ status: 201, body: { success: true, message: 'ok' } });
    renderWithSession(<ContactForm layout="page" defaultSubject="services" />);
    const subject = screen.getByRole('combobox', { name: 'Subject' });
    expect(subject).toHaveValue('services');
    expect([...subject.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Job Inquiry',
      'Services Inquiry',
    ]);
    const user = userEvent.setup();
    await user.selectOptions(subject, 'jobs');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ravi');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ravi@example.in');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Thank you!');
    expect(
      JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string).subject,
    ).toBe('jobs');
  });

  it('shows the server error above the button, else "Failed to send message."', async () => {
    stubFetch(
      { status: 429, body: { success: false, error: 'Too many requests', message: 'Please wait a minute.' } },
      { status: 500 },
    );
    renderWithSession(<ContactForm layout="popup" defaultMessage={SAMPLE} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please wait a minute.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Asha');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message.')).toBeInTheDocument();
  });
});
