import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithSession, stubFetch } from '../../../test/render-with-session';
import { RegisterForm } from './register-form';

const valid = {
  firstname: 'Asha',
  lastname: 'Verma',
  email: 'asha@example.com',
  phone: '9876543210',
  password: 'secret123',
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), valid.firstname);
  await user.type(screen.getByLabelText(/^Last name/), valid.lastname);
  await user.type(screen.getByLabelText(/^Email/), valid.email);
  await user.type(screen.getByLabelText(/^Phone number/), valid.phone);
  await user.selectOptions(screen.getByLabelText(/^Gender/), 'Female');
  await user.type(screen.getByLabelText(/^Password/), valid.password);
  await user.type(screen.getByLabelText(/^Confirm password/), valid.password);
  await user.click(screen.getByLabelText(/I agree to the terms/));
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create Account' }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RegisterForm', () => {
  it('shows each required message once', async () => {
    const user = userEvent.setup();
    renderWithSession(<RegisterForm />, { path: '/register' });
    await submit(user);
    for (const m of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Gender is required',
      'Password is required',
      'You must accept the terms and conditions',
    ]) {
      expect(await screen.findAllByText(m)).toHaveLength(1);
    }
  });

  it('keeps only digits in the phone, at most 10, and checks shape, length and confirmation', async () => {
    const user = userEvent.setup();
    renderWithSession(<RegisterForm />, { path: '/register' });
    const phone = screen.getByLabelText(/^Phone number/);
    await user.type(phone, '98a7-6 5');
    expect(phone).toHaveValue('98765');
    await user.type(phone, '4321012345');
    expect(phone).toHaveValue('9876543210');
    // The country code and a leading 0 go, typed or pasted; the field opens the phone keypad.
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).not.toHaveAttribute('maxlength');
    await user.clear(phone);
    await user.type(phone, '+91 98200 55555');
    expect(phone).toHaveValue('9820055555');
    await user.clear(phone);
    phone.focus();
    await user.paste('+91 98200 55511');
    expect(phone).toHaveValue('9820055511');
    await user.clear(phone);
    await user.type(phone, '098200-55522');
    expect(phone).toHaveValue('9820055522');
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.type(screen.getByLabelText(/^Email/), 'asha@');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await submit(user);
    expect(await screen.findByText('Please enter exactly 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('says when the passwords do not match', async () => {
    const user = userEvent.setup();
    renderWithSession(<RegisterForm />, { path: '/register' });
    await fillValid(user);
    await user.type(screen.getByLabelText(/^Confirm password/), 'x');
    await submit(user);
    expect(await screen.findAllByText('Passwords do not match')).toHaveLength(1);
  });

  it('registers with role "user", says so, signs in and goes to the dashboard after 1.5 s', async () => {
    const fetch = stubFetch({
      status: 201,
      body: { success: true, token: 'tok', _id: '3', ...valid, role: 'user', profileimage: null },
    });
    const user = userEvent.setup();
    renderWithSession(<RegisterForm />, { path: '/register' });
    await fillValid(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await submit(user);
    expect(await screen.findByText('Registration Successful!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok');
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toEqual({ ...valid, gender: 'Female', role: 'user' });
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(await screen.findByTestId('where')).toHaveTextContent('/candidate/dashboard');
  });

  it('puts field errors from the server beside their fields', async () => {
    stubFetch({
      status: 409,
      body: {
        success: false,
        message: 'An account with this email already exists.',
        fields: { email: 'An account with this email already exists.' },
      },
    });
    const user = userEvent.setup();
    renderWithSession(<RegisterForm />, { path: '/register' });
    await fillValid(user);
    await submit(user);
    expect(await screen.findAllByText('An account with this email already exists.')).toHaveLength(1);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to "Registration failed." without a server message', async () => {
    stubFetch({ status: 500 });
    const user = userEvent.setup();
    renderWithSession(<RegisterForm />, { path: '/register' });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed.');
  });

  it('refuses an answer without a token', async () => {
    stubFetch({ status: 201, body: { success: true } });
    const user = userEvent.setup();
    renderWithSession(<RegisterForm />, { path: '/register' });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid response format from server.');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
