import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, storeSession, stubFetch } from '../../../test/render-with-session';
import { EditProfileForm } from './edit-profile-form';

const profile = {
  _id: '1',
  role: 'user',
  firstname: 'Asha',
  lastname: 'Verma',
  email: 'asha@example.com',
  phone: '9876543210',
  gender: 'Female',
  dob: '1995-05-01',
  qualification: null,
  experience: null,
  skills: ['Massage'],
  address: null,
  profileimage: null,
  resume: null,
};

beforeEach(() => {
  localStorage.clear();
  storeSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('EditProfileForm', () => {
  it('refuses a birth date in the future and an eleventh skill; the counter turns red above 9', async () => {
    const fetch = stubFetch({ status: 500 });
    const user = userEvent.setup();
    renderWithSession(<EditProfileForm initial={profile} />, { path: '/edit-profile' });
    const dob = screen.getByLabelText('Date of birth');
    await user.clear(dob);
    await user.type(dob, '2099-01-01');
    const skills = screen.getByLabelText('Skills');
    await user.clear(skills);
    await user.type(skills, Array.from({ length: 9 }, (_, i) => `S${i}`).join(', '));
    expect(screen.getByTestId('skills-count')).toHaveTextContent('9/10 skills');
    expect(screen.getByTestId('skills-count')).not.toHaveClass('text-red-700');
    await user.type(skills, ', S9');
    expect(screen.getByTestId('skills-count')).toHaveTextContent('10/10 skills');
    expect(screen.getByTestId('skills-count')).toHaveClass('text-red-700');
    await user.type(skills, ', S10');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText('Date of birth cannot be in the future')).toHaveLength(1);
    expect(screen.getAllByText('Maximum 10 skills allowed')).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('requires the names, e-mail and a 10-digit phone', async () => {
    const user = userEvent.setup();
    renderWithSession(<EditProfileForm initial={{}} />, { path: '/edit-profile' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    for (const m of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
    ])
      expect(await screen.findAllByText(m)).toHaveLength(1);
  });

  it('saves the skills as a list, says so and goes to /dashboard after 2 s', async () => {
    const fetch = stubFetch({
      status: 200,
      body: {
        success: true,
        message: 'Profile updated successfully!',
        user: { ...profile, firstname: 'Asha R' },
      },
    });
    const user = userEvent.setup();
    renderWithSession(<EditProfileForm initial={profile} />, { path: '/edit-profile' });
    const first = screen.getByLabelText(/^First name/);
    await user.clear(first);
    await user.type(first, 'Asha R');
    const skills = screen.getByLabelText('Skills');
    await user.clear(skills);
    await user.type(skills, ' Massage , , Facials ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Profile updated successfully!');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/profile');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toMatchObject({
      firstname: 'Asha R',
      skills: ['Massage', 'Facials'],
    });
    expect(JSON.parse(localStorage.getItem('user')!).firstname).toBe('Asha R');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
  });

  it("shows the server's message, else the fallback, when saving fails", async () => {
    stubFetch({ status: 500 });
    const user = userEvent.setup();
    renderWithSession(<EditProfileForm initial={profile} />, { path: '/edit-profile' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile. Please try again.');
  });
});
