import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, storeSession } from '../../../test/render-with-session';
import { HeaderAccount } from './header-account';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('HeaderAccount', () => {
  it('offers Login and Register when signed out', async () => {
    renderWithSession(<HeaderAccount variant="desktop" />);
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('shows initials and the first name linking to the dashboard; Logout clears the session', async () => {
    storeSession({ firstname: 'Asha' });
    renderWithSession(<HeaderAccount variant="mobile" />);
    const link = await screen.findByRole('link', { name: 'Asha' });
    expect(link).toHaveAttribute('href', '/candidate/dashboard');
    expect(link).toHaveTextContent('AV');
    // A fresh load of /login, so nothing of the account stays in memory.
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(replace).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('shows the profile photo when there is one', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem(
      'user',
      JSON.stringify({
        _id: '1',
        firstname: 'Asha',
        lastname: 'V',
        email: 'a@b.co',
        role: 'user',
        profileimage: '/uploads/photos/a.png',
      }),
    );
    const { container } = renderWithSession(<HeaderAccount variant="desktop" />);
    await screen.findByRole('link', { name: 'Asha' });
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/photos/a.png');
  });
});
