import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MySpa } from '@spajobs/contract/employer';
import { renderWithSession, stubFetch } from '../../../test/render-with-session';
import { JobForm } from './job-form';

const spa: MySpa = {
  _id: '12',
  name: 'Lotus Wellness Spa',
  city: 'Bengaluru',
  state: 'Karnataka',
  fullAddress: '12 MG Road, Bengaluru',
  phone: '9876543210',
  whatsapp: null,
  verification: 'verified',
  verificationNote: null,
  memberRole: 'owner',
  logo: null,
  galleryImages: [],
};

afterEach(() => vi.unstubAllGlobals());

async function fillAllBut(skip: string) {
  const user = userEvent.setup();
  const values: Record<string, string> = {
    'Job title': 'Ayurveda Therapist',
    Salary: '₹18,000 per month',
    Experience: '1-3 years',
    Category: 'Ayurveda',
    'Area / locality': 'MG Road',
    Description: 'Abhyanga and Shirodhara.',
    Requirements: 'Certificate course',
  };
  for (const [label, v] of Object.entries(values)) {
    if (label !== skip) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), v);
  }
  return user;
}

describe('JobForm', () => {
  it('shows the contract message for a missing title and keeps everything typed', async () => {
    const fetch = stubFetch({ status: 500 });
    renderWithSession(<JobForm spas={[spa]} onPosted={() => undefined} />);
    const user = await fillAllBut('Job title');
    await user.click(screen.getByRole('button', { name: 'Publish job' }));
    expect(await screen.findByText('Job title is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Salary/)).toHaveValue('₹18,000 per month');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Abhyanga and Shirodhara.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal beside its field and keeps the form's values", async () => {
    const fetch = stubFetch({
      status: 400,
      body: {
        success: false,
        error: 'Bad Request',
        message: 'Please enter exactly 10 digits',
        fields: { hrPhone: 'Please enter exactly 10 digits' },
      },
    });
    const posted = vi.fn();
    renderWithSession(<JobForm spas={[spa]} onPosted={posted} />);
    const user = await fillAllBut('');
    await user.click(screen.getByRole('button', { name: 'Publish job' }));
    expect(await screen.findAllByText('Please enter exactly 10 digits')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^HR phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Job title/)).toHaveValue('Ayurveda Therapist');
    expect(posted).not.toHaveBeenCalled();
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toMatchObject({
      spaId: '12',
      title: 'Ayurveda Therapist',
      vacancies: 1,
    });
  });

  it('edits a job with its current values and sends them with PUT', async () => {
    const fetch = stubFetch({ status: 200, body: { success: true } });
    const done = vi.fn();
    const job = {
      _id: '77',
      spaId: '12',
      spaName: 'Lotus Wellness Spa',
      title: 'Spa Manager',
      salary: '₹40,000 per month',
      experience: '5 years',
      category: 'Management',
      location: 'MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      vacancies: 1,
      gender: 'Any',
      description: 'Run the spa.',
      requirements: 'Experience',
      hrPhone: null,
      hrWhatsapp: null,
      status: 'active' as const,
      moderation: 'approved' as const,
      moderationNote: null,
      open: true,
      postedOn: '2026-11-01T00:00:00.000Z',
      expiresOn: '2026-12-01T00:00:00.000Z',
      views: 10,
      applications: 0,
      funnel: {},
    };
    renderWithSession(<JobForm spas={[spa]} job={job} onPosted={done} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText(/^Job title/)).toHaveValue('Spa Manager');
    await user.clear(screen.getByLabelText(/^Salary/));
    await user.type(screen.getByLabelText(/^Salary/), '₹45,000 per month');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/employer/jobs/77');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({
      title: 'Spa Manager',
      salary: '₹45,000 per month',
    });
    expect(JSON.parse(String(init.body))).not.toHaveProperty('spaId');
  });
});
