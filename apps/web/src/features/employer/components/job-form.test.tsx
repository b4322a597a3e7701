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
});
