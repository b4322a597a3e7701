import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newCandidate, registerByApi, storeSession } from './account-helpers.js';
import { DESKTOP, PHONE, dismissContactPopup, gotoHydrated } from './support.js';

/** Screenshots to look at: every Hindi page as a phone shows it. */
const SHOTS = 'test-results/hindi';
const DEVANAGARI = /[\u0900-\u097f]/;

interface Job {
  _id: string;
  title: string;
}
interface Spa {
  _id: string;
}

async function someJob(request: APIRequestContext, index = 0): Promise<Job> {
  const res = await request.get('/api/v1/spajobs', { params: { limit: 20, page: 3 } });
  return ((await res.json()) as { data: Job[] }).data[index]!;
}

async function someSpa(request: APIRequestContext): Promise<Spa> {
  const res = await request.get('/api/v1/spas/search', { params: { limit: 1 } });
  return ((await res.json()) as { data: Spa[] }).data[0]!;
}

/** The page is in Hindi, fits a 360 px screen without sideways scrolling, and is kept as a screenshot. */
async function expectHindiPhonePage(page: Page, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  // Job and spa headings are their data, as written; the page around them is Hindi.
  await expect(page.locator('main')).toContainText(DEVANAGARI);
  const { scrollWidth, clientWidth, wide } = await page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .filter((el) => getComputedStyle(el).position !== 'fixed' && el.offsetParent !== null)
      .slice(-5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(el.getBoundingClientRect().right)}px`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
  });
  expect
    .soft(scrollWidth, `${name} scrolls sideways at 360 px: ${wide.join(' | ')}`)
    .toBeLessThanOrEqual(clientWidth);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.beforeEach(async ({ page }) => {
  await dismissContactPopup(page);
});

test('every public page is served in Hindi under /hi: lang, alternates, and it fits a phone', async ({
  page,
  request,
}) => {
  const job = await someJob(request);
  const spa = await someSpa(request);
  await page.setViewportSize(PHONE);
  const pages: [string, string][] = [
    ['home', '/hi'],
    ['jobs', '/hi/jobs'],
    ['job', `/hi/job/${job._id}`],
    ['spas', '/hi/spas'],
    ['spa', `/hi/spa/${spa._id}`],
    ['about', '/hi/about'],
    ['contact', '/hi/contact'],
    ['privacy', '/hi/privacy'],
    ['terms', '/hi/terms'],
    ['login', '/hi/login'],
    ['register', '/hi/register'],
    ['forgot-password', '/hi/forgot-password'],
    ['reset-password', '/hi/reset-password'],
    ['guest-apply', `/hi/apply/${job._id}`],
    ['employer-login', '/hi/employer/login'],
    ['employer-register', '/hi/employer/register'],
    ['not-found', '/hi/no-such-page'],
  ];
  for (const [name, path] of pages) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(name === 'not-found' ? 404 : 200);
    const html = await res.text();
    // The first HTML already says it is Hindi, and names both languages of the page.
    expect(html, path).toContain('<html lang="hi">');
    expect(html, path).toMatch(/<link rel="alternate" hreflang="en" href="http:\/\/localhost:\d+\//);
    expect(html, path).toMatch(/<link rel="alternate" hreflang="hi" href="http:\/\/localhost:\d+\/hi/);
    expect(html, path).toContain('hreflang="x-default"');
    expect(html, path).toContain('<meta property="og:locale" content="hi_IN">');

    await gotoHydrated(page, path);
    await expectHindiPhonePage(page, name);
    // Links inside the app keep the language.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /होम/ }).first()).toHaveAttribute('href', '/hi');
  }

  // Server-rendered pages carry their Hindi content in the first HTML.
  const about = await (await request.get('/hi/about')).text();
  expect(about).toContain('हमारी कहानी');
  const jobHtml = await (await request.get(`/hi/job/${job._id}`)).text();
  expect(jobHtml).toContain('अभी अप्लाई करें');
  expect(jobHtml).toContain(
    `<link rel="canonical" href="http://localhost:${new URL(page.url()).port}/hi/job/${job._id}">`,
  );
  // English stays exactly English.
  const english = await (await request.get('/about')).text();
  expect(english).toContain('<html lang="en">');
  expect(english).toContain('Our story');
  expect(english).not.toContain('हमारी कहानी');
});

test('account pages in Hindi at 360 px', async ({ page, request }) => {
  const c = newCandidate('Sunita');
  await storeSession(page, await registerByApi(request, c));
  await page.setViewportSize(PHONE);
  for (const [name, path] of [
    ['dashboard', '/hi/candidate/dashboard'],
    ['edit-profile', '/hi/edit-profile'],
    ['applications', '/hi/applications'],
  ] as const) {
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEVANAGARI);
    await expectHindiPhonePage(page, name);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'मेरे आवेदन' })).toBeVisible();
});

test('the switch keeps the page and its query, and the choice persists', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await gotoHydrated(page, '/jobs?city=Pune&sort=newest');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Spa Jobs' })).toBeVisible();
  const switcher = page.getByRole('navigation', { name: 'Language' });
  await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await expect(switcher.getByRole('link', { name: 'हिन्दी' })).toHaveAttribute('lang', 'hi');

  await switcher.getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi\/jobs\?city=Pune&sort=newest$/);
  await expect(page.getByRole('heading', { level: 1, name: 'नई स्पा जॉब' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    'href',
    /\/jobs\?city=Pune$/,
  );
  await expect(page).toHaveTitle(DEVANAGARI);
  const cookies = await page.context().cookies();
  const lang = cookies.find((k) => k.name === 'lang');
  expect(lang?.value).toBe('hi');
  expect(lang?.sameSite).toBe('Lax');
  expect(lang!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86_400);

  // Moving on keeps Hindi; a reload keeps it; coming back by an English address brings the chosen Hindi.
  await page.getByRole('banner').getByRole('link', { name: 'हमारे बारे में' }).click();
  await expect(page).toHaveURL(/\/hi\/about$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(DEVANAGARI);
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/hi\/contact$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByRole('navigation', { name: 'भाषा' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/hi/contact');
  await expect(page).toHaveURL(/\/contact$/);
});

test.describe('a browser set to Hindi', () => {
  test.use({ locale: 'hi-IN' });

  test('is offered Hindi on its first visit, never redirected', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const res = await page.goto('/about');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const offer = page.getByRole('link', { name: 'यह साइट हिन्दी में देखें' });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page).toHaveURL(/\/hi\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEVANAGARI);
    await expect(offer).toHaveCount(0);
  });
});

test('guest application in Hindi, with the server refusing a second one in Hindi', async ({
  page,
  request,
}) => {
  const job = await someJob(request, 4);
  const email = `geeta.${Date.now()}@example.com`;
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, `/hi/job/${job._id}`);
  await page.getByRole('link', { name: 'गेस्ट के रूप में अप्लाई करें' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/hi/(apply|guest/apply)/${job._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'गेस्ट के रूप में अप्लाई करें' })).toBeVisible();

  const send = page.getByRole('button', { name: 'आवेदन भेजें' });
  await send.click();
  // The form's own checks speak Hindi too.
  await expect(page.getByRole('alert').first()).toContainText(DEVANAGARI);

  await page.getByRole('textbox', { name: 'पूरा नाम', exact: true }).fill('Geeta Yadav');
  await page.getByRole('textbox', { name: 'ईमेल', exact: true }).fill(email);
  await send.click();
  await expect(page.getByRole('heading', { name: 'आवेदन भेज दिया गया!' })).toBeVisible();
  await expect(page).toHaveURL(/\/hi\/thank-you$/, { timeout: 8_000 });
  await expect(page.getByRole('heading', { name: 'धन्यवाद!' })).toBeVisible();
  await expectHindiPhonePage(page, 'thank-you');

  await gotoHydrated(page, `/hi/apply/${job._id}`);
  await page.getByRole('textbox', { name: 'पूरा नाम', exact: true }).fill('Geeta Yadav');
  await page.getByRole('textbox', { name: 'ईमेल', exact: true }).fill(email);
  const answer = page.waitForResponse((r) => r.url().includes('/api/v1/application/apply/guest'));
  await send.click();
  const res = await answer;
  expect(res.request().headers()['accept-language']).toBe('hi');
  expect(res.status()).toBe(409);
  const body = (await res.json()) as { message: string; code?: string };
  expect(body.message).toMatch(DEVANAGARI);
  await expect(page.getByRole('alert')).toHaveText(body.message);
});

test('registration in Hindi: the form and the server answer in Hindi, then the Hindi dashboard', async ({
  page,
  request,
}) => {
  const taken = newCandidate('Pooja');
  await registerByApi(request, taken);
  const c = newCandidate('Rekha');
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, '/hi/register');
  await expect(page.getByRole('heading', { name: 'अपना अकाउंट बनाएँ' })).toBeVisible();

  const create = page.getByRole('button', { name: 'अकाउंट बनाएँ' });
  await create.click();
  await expect(page.getByText('पहला नाम ज़रूरी है', { exact: true })).toHaveCount(1);

  await page.getByRole('textbox', { name: 'पहला नाम', exact: true }).fill(c.firstname);
  await page.getByRole('textbox', { name: 'उपनाम', exact: true }).fill(c.lastname);
  await page.getByRole('textbox', { name: 'ईमेल', exact: true }).fill(taken.email);
  await page.getByRole('textbox', { name: 'मोबाइल नंबर', exact: true }).fill(c.phone);
  await page.getByRole('combobox', { name: 'जेंडर', exact: true }).selectOption('Female');
  await page.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill(c.password);
  await page.getByRole('textbox', { name: 'पासवर्ड दोबारा लिखें', exact: true }).fill(c.password);
  await page.getByLabel(/नियम और शर्तें/).check();
  const answer = page.waitForResponse((r) => r.url().includes('/api/v1/users/register'));
  await create.click();
  const res = await answer;
  expect(res.status()).toBe(409);
  const body = (await res.json()) as { message: string };
  expect(body.message).toMatch(DEVANAGARI);
  await expect(page.getByText(body.message, { exact: true })).toHaveCount(1);
  await expectHindiPhonePage(page, 'register-refused');

  await page.getByRole('textbox', { name: 'ईमेल', exact: true }).fill(c.email);
  await create.click();
  await expect(page.getByText('रजिस्ट्रेशन हो गया!')).toBeVisible();
  await expect(page).toHaveURL(/\/hi\/candidate\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(c.firstname);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});
