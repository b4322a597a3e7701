import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithSession } from '../../../test/render-with-session';
import { LoginForm } from '../components/login-form';
import { oauthFailureMessage } from './oauth-error';

afterEach(() => vi.unstubAllGlobals());

describe('oauthFailureMessage', () => {
  it.each([
    ['?oauthError=failed&provider=google', 'Login with Google failed. Please try again.'],
    [
      '?oauthError=unavailable&provider=facebook',
      'Facebook login is temporarily unavailable. Please try again later.',
    ],
    [
      '?oauthError=not_configured&provider=google',
      'Google login will be available soon. Please use email/password login for now.',
    ],
    ['?oauthError=role&provider=google', "Access denied. Only users with role 'user' can log in here."],
    ['?oauthError=network&provider=facebook', 'Network error. Please check your connection and try again.'],
    ['?oauthError=something-else&provider=facebook', 'Login with Facebook failed. Please try again.'],
  ])('%s → %s', (search, message) => {
    expect(oauthFailureMessage(search)).toBe(message);
  });

  it('says nothing without a failure or for an unknown provider', () => {
    expect(oauthFailureMessage('')).toBeNull();
    expect(oauthFailureMessage('?oauthError=failed&provider=twitter')).toBeNull();
  });
});

describe('the login page after an external sign-in failed', () => {
  it('shows the message once and takes the failure off the address', async () => {
    const { router } = renderWithSession(<LoginForm />, {
      path: '/login',
      at: '/login?oauthError=failed&provider=google',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Login with Google failed. Please try again.');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('alert')).toHaveTextContent('Login with Google failed. Please try again.');
  });
});
