import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, stubFetch } from '../../../test/render-with-session';
import { LoginForm } from './login-form';

const candidate = {
  success: true,
  token: 'tok-1',
  _id: '7',
  firstname: 'Asha',
  lastname: 'Verma',
  email: 'asha@example.com',
  role: 'user',
  profileimage: null,
};

async function fill(login: string, password: string) {
  const user = userEvent.setup();
  if (login) await user.type(screen.getByLabelText(/Email or phone/), login);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('shows the rules of section 5 and clears an error when its field is edited', async () => {
    const fetch = stubFetch({ status: 500 });
    renderWithSession(<LoginForm />, { path: '/login' });
    const user = await fill('', '');
    expect(await screen.findByText('Email or phone is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email or phone/), 'a');
    expect(screen.queryByText('Email or phone is required.')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Minimum 6 characters required.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs a candidate in and goes to /spas', async () => {
    const fetch = stubFetch({ status: 200, body: candidate });
    renderWithSession(<LoginForm />, { path: '/login' });
    await fill('9876543210', 'secret1');
    expect(await screen.findByTestId('where')).toHaveTextContent('/spas');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({
      _id: '7',
      firstname: 'Asha',
      role: 'user',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/login');
    expect(JSON.parse(init.body as string)).toEqual({ login: '9876543210', password: 'secret1' });
  });

  it('keeps the session for the browser session only without "Remember me"', async () => {
    stubFetch({ status: 200, body: candidate });
    renderWithSession(<LoginForm />, { path: '/login' });
    await userEvent.click(screen.getByLabelText('Remember me'));
    await fill('asha@example.com', 'secret1');
    await screen.findByTestId('where');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('tok-1');
  });

  it('refuses another role with the access-denied message and stays signed out', async () => {
    stubFetch({ status: 200, body: { ...candidate, role: 'employer' } });
    renderWithSession(<LoginForm />, { path: '/login' });
    await fill('boss@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Access denied. Only users with role 'user' can log in here.",
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refuses an answer without a token', async () => {
    stubFetch({ status: 200, body: { success: true, _id: '7' } });
    renderWithSession(<LoginForm />, { path: '/login' });
    await fill('asha@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid response format from server.');
  });

  it("shows the server's message, else the fallback, else the network message", async () => {
    stubFetch({ status: 401, body: { success: false, message: 'Invalid email/phone or password.' } });
    const { unmount } = renderWithSession(<LoginForm />, { path: '/login' });
    await fill('asha@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email/phone or password.');
    unmount();

    stubFetch({ status: 500 });
    const second = renderWithSession(<LoginForm />, { path: '/login' });
    await fill('asha@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your credentials.',
    );
    second.unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithSession(<LoginForm />, { path: '/login' });
    await fill('asha@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection and try again.',
    );
  });

  it('disables the button while signing in', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    renderWithSession(<LoginForm />, { path: '/login' });
    await fill('asha@example.com', 'secret1');
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer(new Response(JSON.stringify(candidate), { status: 200 }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/spas');
  });

  it('answers the provider buttons with "available soon" when the server has no provider configured', async () => {
    stubFetch({ status: 200, body: { google: false, facebook: false } });
    renderWithSession(<LoginForm />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google login will be available soon. Please use email/password login for now.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Facebook login will be available soon. Please use email/password login for now.',
    );
  });

  it('toggles the password between hidden and shown', async () => {
    renderWithSession(<LoginForm />, { path: '/login' });
    const input = screen.getByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });
});
