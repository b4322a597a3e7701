import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithSession, stubFetch } from '../test/render-with-session';
import AuthCallbackPage from './auth-callback';

const answer = {
  success: true,
  token: 'tok-oauth',
  _id: '12',
  firstname: 'Kavya',
  lastname: 'Iyer',
  email: 'kavya@example.in',
  role: 'user',
  profileimage: null,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const land = (search: string) =>
  renderWithSession(<AuthCallbackPage />, { path: '/auth/callback', at: `/auth/callback${search}` });

describe('/auth/callback', () => {
  it('exchanges the code once, signs in and goes to /spas', async () => {
    const fetch = stubFetch({ status: 200, body: answer });
    land('?provider=google&code=abc123abc123abc123abc123');
    expect(await screen.findByTestId('where')).toHaveTextContent('/spas');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/exchange');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'abc123abc123abc123abc123' });
    expect(localStorage.getItem('token')).toBe('tok-oauth');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ _id: '12', firstname: 'Kavya' });
  });

  it('goes back to the login page as failed when the code is refused', async () => {
    stubFetch({ status: 400, body: { success: false, error: 'Bad Request', message: 'expired' } });
    const { router } = land('?provider=facebook&code=abc123abc123abc123abc123');
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(router.state.location.search).toBe('?oauthError=failed&provider=facebook');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes back with the role refusal for another role', async () => {
    stubFetch({ status: 200, body: { ...answer, role: 'employer' } });
    const { router } = land('?provider=google&code=abc123abc123abc123abc123');
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(router.state.location.search).toBe('?oauthError=role&provider=google');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes back with the network message when the API cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { router } = land('?provider=google&code=abc123abc123abc123abc123');
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(router.state.location.search).toBe('?oauthError=network&provider=google');
  });

  it('goes back as failed without a code', async () => {
    const fetch = stubFetch({ status: 200, body: answer });
    const { router } = land('?provider=google');
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(router.state.location.search).toBe('?oauthError=failed&provider=google');
    expect(fetch).not.toHaveBeenCalled();
  });
});
