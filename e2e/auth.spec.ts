import { expect, test, type Page } from '@playwright/test';
import { newCandidate, readResetLink, registerByApi, storeSession } from './account-helpers.js';
import { dismissContactPopup, expectNoSeriousA11yViolations, PHONE } from './support.js';

test.beforeEach(async ({ page }) => {
  await dismissContactPopup(page);
});

/** Each message appears exactly once on the page. */
async function expectOnce(page: Page, ...texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: true })).toHaveCount(1);
}

async function fillLogin(page: Page, login: string, password: string) {
  await page.getByLabel('Email or phone').fill(login);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('registering shows each validation error once, then lands on the dashboard', async ({ page }) => {
  const c = newCandidate('Meera');
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const create = page.getByRole('button', { name: 'Create Account' });
  await create.click();
  await expectOnce(
    page,
    'First name is required',
    'Last name is required',
    'Email is required',
    'Phone number is required',
    'Gender is required',
    'Password is required',
    'You must accept the terms and conditions',
  );
  await expectNoSeriousA11yViolations(page);

  // An error goes as soon as its field is edited.
  await page.getByLabel('First name').fill(c.firstname);
  await expect(page.getByText('First name is required')).toHaveCount(0);

  // The phone input keeps digits only, at most 10.
  const phone = page.getByLabel('Phone number');
  await phone.pressSequentially('98-76 5x');
  await expect(phone).toHaveValue('98765');
  await page.getByLabel('Last name').fill(c.lastname);
  await page.getByLabel('Email').fill('meera@');
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await create.click();
  await expectOnce(
    page,
    'Please enter a valid email address',
    'Please enter exactly 10 digits',
    'Password must be at least 8 characters',
  );

  await phone.fill('');
  await phone.pressSequentially('9876543210123');
  await expect(phone).toHaveValue('9876543210');
  await phone.fill('');
  await phone.pressSequentially(`+91 ${c.phone}`);
  await expect(phone).toHaveValue(c.phone);
  await page.getByLabel('Email').fill(c.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(c.password);
  await page.getByLabel('Confirm password').fill(`${c.password}x`);
  await page.getByLabel(/I agree to the terms/).check();
  await create.click();
  await expectOnce(page, 'Passwords do not match');

  await page.getByLabel('Confirm password').fill(c.password);
  await create.click();
  await expect(page.getByText('Registration Successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/candidate\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`, ${c.firstname}`);
  await expect(page.getByText('No applied jobs found')).toBeVisible();

  // The session survives a reload, and the header names the candidate.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(c.firstname);
});

test('registering with an e-mail that is taken shows the server message once', async ({ page, request }) => {
  const c = newCandidate();
  await registerByApi(request, c);
  await page.goto('/register');
  await page.getByLabel('First name').fill('Other');
  await page.getByLabel('Last name').fill('Person');
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Phone number').fill(newCandidate().phone);
  await page.getByLabel('Gender').selectOption('Male');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Another#2026');
  await page.getByLabel('Confirm password').fill('Another#2026');
  await page.getByLabel(/I agree to the terms/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectOnce(page, 'An account with this email already exists.');
  await expect(page).toHaveURL(/\/register$/);
});

test('login: rules, wrong credentials, providers, by e-mail and by phone, logout', async ({
  page,
  request,
}) => {
  const c = newCandidate('Kavya');
  await registerByApi(request, c);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectOnce(page, 'Email or phone is required.', 'Password is required.');
  await page.getByLabel('Email or phone').fill('k');
  await expect(page.getByText('Email or phone is required.')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectOnce(page, 'Minimum 6 characters required.');

  // Show/hide the password.
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await fillLogin(page, c.email, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email/phone or password.');

  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google login will be available soon. Please use email/password login for now.',
  );
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Facebook login will be available soon. Please use email/password login for now.',
  );

  // By e-mail: a candidate goes to /spas, the header shows the first name and Logout.
  await fillLogin(page, c.email, c.password);
  await expect(page).toHaveURL(/\/spas$/);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: c.firstname })).toHaveAttribute(
    'href',
    '/candidate/dashboard',
  );

  // Signed in, /login and /register send to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/candidate\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/candidate\/dashboard$/);

  await banner.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
  await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();

  // After logging out, a protected page sends to /login, and signing in comes back to it.
  await page.goto('/candidate/dashboard');
  await expect(page).toHaveURL('/login?next=%2Fcandidate%2Fdashboard');

  // By phone, written the way people write it.
  await fillLogin(page, `+91 ${c.phone.slice(0, 5)} ${c.phone.slice(5)}`, c.password);
  await expect(page).toHaveURL(/\/candidate\/dashboard$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(c.firstname);
});

test('without "Remember me" the session ends with the browser session', async ({ page, request }) => {
  const c = newCandidate();
  await registerByApi(request, c);
  await page.goto('/login');
  await page.getByLabel('Remember me').uncheck();
  await fillLogin(page, c.email, c.password);
  await expect(page).toHaveURL(/\/spas$/);
  const stored = await page.evaluate(() => ({
    local: localStorage.getItem('token'),
    session: sessionStorage.getItem('token'),
  }));
  expect(stored.local).toBeNull();
  expect(stored.session).toBeTruthy();
  await page.goto('/edit-profile');
  await expect(page.getByLabel('Email')).toHaveValue(c.email);
});

test('protected pages: signed out to /login, a refused token signs out, a wrong role to /unauthorized', async ({
  page,
}) => {
  // Signed out: to /login, which comes back to the page afterwards.
  for (const path of ['/candidate/dashboard', '/dashboard', '/edit-profile', '/applications']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
  }

  // A token the API refuses: signed out cleanly, sent to /login.
  await storeSession(page, {
    token: 'not-a-valid-token',
    user: { _id: '1', firstname: 'Old', lastname: 'Session', email: 'old@example.com', role: 'user' },
  });
  await page.goto('/candidate/dashboard');
  await expect(page).toHaveURL(/\/login(\?next=%2Fcandidate%2Fdashboard)?$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  // A session whose role is not "user".
  await storeSession(page, {
    token: 'employer-token',
    user: { _id: '2', firstname: 'Emp', lastname: 'Loyer', email: 'emp@example.com', role: 'employer' },
  });
  await page.goto('/edit-profile');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Sign in with another account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('forgot password: the e-mailed link sets a new password once; the old one is refused', async ({
  page,
  request,
}) => {
  const c = newCandidate('Ritu');
  await registerByApi(request, c);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectOnce(page, 'Email or phone is required.');
  await page.getByLabel('Email or phone').fill(c.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that email or phone');

  const link = new URL(await readResetLink(c.email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const newPassword = 'Jasmine#2027';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('Jasmine#2028');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expectOnce(page, 'Passwords do not match');
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  // The link works once.
  await page.goto(link.pathname + link.search);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another#2029');
  await page.getByLabel('Confirm new password').fill('Another#2029');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired. Please request a new one.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // The old password is refused, the new one works.
  await page.goto('/login');
  await fillLogin(page, c.email, c.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email/phone or password.');
  await fillLogin(page, c.email, newPassword);
  await expect(page).toHaveURL(/\/spas$/);
});

test('a reset page opened without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('needs the link from the reset e-mail');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});
