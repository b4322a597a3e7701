import { expect, test, type Page } from '@playwright/test';
import { newCandidate } from './account-helpers.js';
import { startOAuthAppServer, type OAuthAppServer } from './oidc/app-server.js';
import { startTestProvider, type TestProvider } from './oidc/provider.mjs';
import { dismissContactPopup } from './support.js';

/**
 * Sign-in with Google and Facebook, end to end: a real OpenID Connect
 * provider on 127.0.0.1 (oidc-provider) stands in for both, and an app server
 * is configured for it. The main test server has no provider configured.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const PROVIDER_PORT = E2E_PORT + 50;
const APP_PORT = E2E_PORT + 902;

let idp: TestProvider;
let app: OAuthAppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  idp = await startTestProvider({ port: PROVIDER_PORT, appBaseUrls: [`http://localhost:${APP_PORT}`] });
  app = await startOAuthAppServer(APP_PORT, idp.appEnv);
});
test.afterAll(async () => {
  await app?.stop();
  await idp?.close();
});

test.beforeEach(async ({ page }) => {
  await dismissContactPopup(page);
});

const PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'facebook', label: 'Facebook' },
] as const;

interface Person {
  email: string;
  firstname: string;
  lastname: string;
}

const person = (name: string): Person => {
  const c = newCandidate(name);
  return { email: c.email, firstname: c.firstname, lastname: c.lastname };
};

/** Every address the page visits, to check that no session token ever appears in one. */
function recordAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

/** At the provider's sign-in page: signs in as `who`. */
async function allowAtProvider(page: Page, label: string, who: Person) {
  await expect(
    page.getByRole('heading', { name: `Sign in to continue to Spa Jobs (${label})` }),
  ).toBeVisible();
  expect(new URL(page.url()).origin).toBe(idp.issuer);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('First name').fill(who.firstname);
  await page.getByLabel('Last name').fill(who.lastname);
  await page.getByRole('button', { name: 'Allow' }).click();
}

/** From the app's login page through the provider, back signed in on /spas, greeted by `greet`. */
async function signInThrough(
  page: Page,
  provider: (typeof PROVIDERS)[number],
  who: Person,
  greet = who.firstname,
) {
  await page.goto(`${app.baseURL}/login`);
  await page.getByRole('button', { name: `Continue with ${provider.label}` }).click();
  await allowAtProvider(page, provider.label, who);
  await expect(page).toHaveURL(`${app.baseURL}/spas`);
  await expect(page.getByRole('banner').getByRole('link', { name: greet })).toBeVisible();
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: JSON.parse(localStorage.getItem('user') ?? '{}') as {
      _id: string;
      email: string;
      firstname: string;
    },
  }));
}

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  // Forget the provider's own session too, so it asks again.
  await page.context().clearCookies();
}

for (const provider of PROVIDERS) {
  test.describe(`Continue with ${provider.label}`, () => {
    test('creates an account on the first sign-in and finds the same one on the next', async ({
      page,
      request,
    }) => {
      const addresses = recordAddresses(page);
      const who = person('Kavya');
      const first = await signInThrough(page, provider, who);
      expect(first.token).toBeTruthy();
      expect(first.user).toMatchObject({ email: who.email, firstname: who.firstname });

      // A new candidate account, with the provider's name and no phone yet.
      const profile = await request.get(`${app.baseURL}/api/v1/users/profile`, {
        headers: { authorization: `Bearer ${first.token}` },
      });
      expect(await profile.json()).toMatchObject({
        email: who.email,
        firstname: who.firstname,
        lastname: who.lastname,
        phone: '',
        role: 'user',
      });

      await signOut(page);
      const second = await signInThrough(page, provider, who);
      expect(second.user._id).toBe(first.user._id);
      expect(second.token).not.toBe(first.token);

      // The session travelled in no address, and the single-use code left the history.
      for (const token of [first.token!, second.token!]) {
        expect(addresses.filter((a) => a.includes(token))).toEqual([]);
      }
      expect(addresses.some((a) => a.includes('/auth/callback?'))).toBe(true);
      await page.goBack();
      await expect(page).not.toHaveURL(/code=/);
    });

    test('signs in to the password account with the same verified e-mail', async ({ page, request }) => {
      const c = newCandidate('Farhan');
      const res = await request.post(`${app.baseURL}/api/v1/users/register`, {
        data: { ...c, role: 'user' },
      });
      expect(res.status()).toBe(201);
      const registered = (await res.json()) as { _id: string };

      // The provider knows the person by another name; the account keeps its own.
      const viaProvider = await signInThrough(
        page,
        provider,
        { email: c.email.toUpperCase(), firstname: 'Someone', lastname: 'Else' },
        c.firstname,
      );
      expect(viaProvider.user._id).toBe(registered._id);

      // The password still signs in to the same account.
      await signOut(page);
      await page.goto(`${app.baseURL}/login`);
      await page.getByLabel('Email or phone').fill(c.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(c.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(`${app.baseURL}/spas`);
      const again = await page.evaluate(
        () => JSON.parse(localStorage.getItem('user') ?? '{}') as { _id: string },
      );
      expect(again._id).toBe(registered._id);
    });

    test('a refused consent comes back to the login page with the failure message', async ({ page }) => {
      await page.goto(`${app.baseURL}/login`);
      await page.getByRole('button', { name: `Continue with ${provider.label}` }).click();
      await expect(page.getByRole('heading', { name: /Sign in to continue/ })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(`${app.baseURL}/login`);
      await expect(page.getByRole('alert')).toHaveText(
        `Login with ${provider.label} failed. Please try again.`,
      );
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // Still usable: the next try reaches the provider again.
      await page.getByRole('button', { name: `Continue with ${provider.label}` }).click();
      await expect(page.getByRole('heading', { name: /Sign in to continue/ })).toBeVisible();
    });

    test('answers "available soon" when the provider is switched off', async ({ page }) => {
      // The main test server has no provider configured.
      await page.goto('/login');
      await page.getByRole('button', { name: `Continue with ${provider.label}` }).click();
      await expect(page.getByRole('alert')).toHaveText(
        `${provider.label} login will be available soon. Please use email/password login for now.`,
      );
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}
