import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { apiRequest } from '../../../lib/api-client';
import { renderWithSession, storeSession, stubFetch } from '../../../test/render-with-session';
import { GuestOnly, RequireAuth } from './require-auth';

/** A JWT-shaped token whose payload carries `exp`. */
const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login', async () => {
    renderWithSession(<RequireAuth>secret</RequireAuth>, { path: '/dashboard' });
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in candidate', async () => {
    storeSession();
    renderWithSession(<RequireAuth>secret</RequireAuth>, { path: '/dashboard' });
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });

  it('sends a role mismatch to /unauthorized', async () => {
    storeSession({ role: 'employer' });
    renderWithSession(<RequireAuth>secret</RequireAuth>, { path: '/dashboard' });
    expect(await screen.findByTestId('where')).toHaveTextContent('/unauthorized');
  });

  it('does not restore a session whose token has expired', async () => {
    storeSession({}, jwt(Math.floor(Date.now() / 1000) - 60));
    renderWithSession(<RequireAuth>secret</RequireAuth>, { path: '/dashboard' });
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('restores a session whose token is still valid', async () => {
    storeSession({}, jwt(Math.floor(Date.now() / 1000) + 3600));
    renderWithSession(<RequireAuth>secret</RequireAuth>, { path: '/dashboard' });
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });

  it('signs out cleanly when the API refuses the stored token', async () => {
    storeSession();
    stubFetch({
      status: 401,
      body: { success: false, message: 'Your session has expired. Please log in again.' },
    });
    renderWithSession(<RequireAuth>secret</RequireAuth>, { path: '/dashboard' });
    expect(await screen.findByText('secret')).toBeInTheDocument();
    await act(async () => {
      await apiRequest('/users/profile').catch(() => undefined);
    });
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('GuestOnly', () => {
  it('sends a visitor who arrives signed in to the dashboard', async () => {
    storeSession();
    renderWithSession(<GuestOnly>login form</GuestOnly>, { path: '/login' });
    expect(await screen.findByTestId('where')).toHaveTextContent('/candidate/dashboard');
  });

  it('shows the page to a signed-out visitor', async () => {
    renderWithSession(<GuestOnly>login form</GuestOnly>, { path: '/login' });
    expect(await screen.findByText('login form')).toBeInTheDocument();
  });
});
