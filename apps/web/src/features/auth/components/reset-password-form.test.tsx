import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, stubFetch } from '../../../test/render-with-session';
import { ResetPasswordForm } from './reset-password-form';

const TOKEN = 'a'.repeat(43);

afterEach(() => vi.unstubAllGlobals());

async function submit(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Save Password' }));
}

describe('ResetPasswordForm', () => {
  it('checks length and confirmation, then sends the token with the new password', async () => {
    const fetch = stubFetch({ status: 200, body: { success: true, message: 'done' } });
    renderWithSession(<ResetPasswordForm token={TOKEN} />);
    await submit('short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await submit('longenough1', 'longenough2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'longenough1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toEqual({ token: TOKEN, password: 'longenough1' });
  });

  it('says clearly when the link is used or expired, and offers a new one', async () => {
    stubFetch({ status: 400, body: { success: false, message: 'x', fields: { token: 'x' } } });
    renderWithSession(<ResetPasswordForm token={TOKEN} />);
    await submit('longenough1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('without a token asks for a new link', () => {
    renderWithSession(<ResetPasswordForm token={null} />);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
