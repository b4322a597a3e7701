import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithSession, storeSession, stubFetch } from '../test/render-with-session';
import EditProfilePage from './edit-profile';

beforeEach(() => {
  localStorage.clear();
  storeSession({ firstname: 'Asha' });
});
afterEach(() => vi.unstubAllGlobals());

describe('edit profile page', () => {
  it('falls back to the signed-in summary when the profile cannot be loaded, and says so', async () => {
    stubFetch({ status: 500 });
    renderWithSession(<EditProfilePage />, { path: '/edit-profile' });
    expect(
      await screen.findByText('Could not retrieve latest profile data. Some information may be outdated.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Asha');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.com');
  });

  it('fills the form from the profile, skills joined with commas', async () => {
    stubFetch({
      status: 200,
      body: {
        _id: '1',
        role: 'user',
        firstname: 'Asha',
        lastname: 'Verma',
        email: 'asha@example.com',
        phone: '9876543210',
        gender: 'Female',
        dob: '1995-05-01',
        qualification: 'Diploma',
        experience: '2 years',
        skills: ['Massage', 'Facials'],
        address: 'Pune',
        profileimage: null,
        resume: null,
      },
    });
    renderWithSession(<EditProfilePage />, { path: '/edit-profile' });
    expect(await screen.findByLabelText('Skills')).toHaveValue('Massage, Facials');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1995-05-01');
    expect(screen.getByTestId('skills-count')).toHaveTextContent('2/10 skills');
  });
});
