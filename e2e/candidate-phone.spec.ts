import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newCandidate, registerByApi, storeSession } from './account-helpers.js';
import {
  PHONE,
  dismissContactPopup,
  e2eDataDir,
  expectNoSeriousA11yViolations,
  gotoHydrated,
} from './support.js';

/** A candidate on a 360 × 740 Android phone. */
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

interface Job {
  _id: string;
  title: string;
  city: string;
  spa: { _id: string; name: string };
}

async function jobAt(request: APIRequestContext, index: number): Promise<Job> {
  const res = await request.get('/api/v1/spajobs', { params: { limit: 20, page: 3 } });
  return ((await res.json()) as { data: Job[] }).data[index]!;
}

/** A unique 10-digit mobile number, and the way a person writes it. */
function mobile() {
  const digits = `9${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  return { digits, written: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` };
}

/** True when nothing covers the middle of the element: a tap there reaches it. */
async function tappable(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeVisible();
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  return page.evaluate(
    ([x, y, label]) => {
      const hit = document.elementFromPoint(x!, y!);
      return Boolean(hit?.closest('button')?.textContent?.includes(label!));
    },
    [box.x + box.width / 2, box.y + box.height / 2, name] as const,
  );
}

const sql = <T>(query: string, ...args: unknown[]) => {
  const db = new Database(path.join(e2eDataDir(), 'spajobs.db'), { readonly: true });
  try {
    return db.prepare(query).get(...args) as T | undefined;
  } finally {
    db.close();
  }
};

test.describe('1. phone numbers just work', () => {
  test.beforeEach(({ page }) => dismissContactPopup(page));

  test('registration takes a typed or pasted "+91 …" number; sign-in works with any written form', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const c = newCandidate('Lata');
    const phone = mobile();
    await page.goto('/register');
    const field = page.getByLabel(/^Phone number/);
    await expect(field).toHaveAttribute('type', 'tel');
    await expect(field).toHaveAttribute('inputmode', 'tel');

    // Typed key by key.
    await field.pressSequentially(phone.written);
    await expect(field).toHaveValue(phone.digits);
    // Pasted.
    await field.fill('');
    await page.evaluate(
      (text) => navigator.clipboard.writeText(text),
      `0${phone.digits.slice(0, 5)}-${phone.digits.slice(5)}`,
    );
    await field.focus();
    await page.keyboard.press('Control+V');
    await expect(field).toHaveValue(phone.digits);

    await page.getByLabel(/^First name/).fill(c.firstname);
    await page.getByLabel(/^Last name/).fill(c.lastname);
    await page.getByLabel(/^Email/).fill(c.email);
    await page.getByLabel(/^Gender/).selectOption('Female');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(c.password);
    await page.getByLabel('Confirm password').fill(c.password);
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration Successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/candidate\/dashboard$/);
    expect(sql<{ phone: string }>('select phone from users where email = ?', c.email)?.phone).toBe(
      phone.digits,
    );

    // Signed out (as Logout in the phone menu does), then back to sign in.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    const login = page.getByLabel('Email or phone');
    // Any keyboard: text, not the e-mail keyboard; filled in as a user name by password managers.
    await expect(login).toHaveAttribute('type', 'text');
    await expect(login).toHaveAttribute('autocomplete', 'username');
    await login.fill(phone.written);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(c.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/spas$/);

    // The profile's phone field follows the same rule.
    await page.goto('/edit-profile');
    const profilePhone = page.getByLabel(/^Phone number/);
    await expect(profilePhone).toHaveValue(phone.digits);
    await expect(profilePhone).toHaveAttribute('inputmode', 'tel');
    await profilePhone.fill('');
    await profilePhone.pressSequentially(`0${phone.digits}`);
    await expect(profilePhone).toHaveValue(phone.digits);
  });

  test('the contact form takes a written number and stores the 10 digits', async ({ page }) => {
    const phone = mobile();
    const email = `contact.${phone.digits}@example.com`;
    await page.goto('/contact');
    const form = page.getByRole('region', { name: 'Send us a message' });
    const field = form.getByLabel(/^Phone/);
    await expect(field).toHaveAttribute('type', 'tel');
    await form.getByLabel('Name').fill('Rekha');
    await form.getByLabel('E-mail').fill(email);
    await field.fill(phone.written);
    await form.getByLabel('Message').fill('Any therapist jobs in Andheri?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Your message has been sent.')).toBeVisible();
    expect(sql<{ phone: string }>('select phone from contact_messages where email = ?', email)?.phone).toBe(
      phone.digits,
    );
  });
});

test.describe('2. the contact popup never blocks the way', () => {
  test('a job opened from a link shows no popup over Apply; Apply Now and Apply as Guest can be tapped', async ({
    page,
    request,
  }) => {
    const job = await jobAt(request, 0);
    await page.goto(`/job/${job._id}`);
    await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Send Us a Message For Job')).toHaveCount(0);
    expect(await tappable(page, 'Apply Now')).toBe(true);
    const guest = page.getByRole('link', { name: 'Apply as Guest' });
    await expect(guest).toBeInViewport();
  });

  test('on an ordinary page it is a small sheet, closed with one tap, and gone for the session', async ({
    page,
  }) => {
    await page.goto('/spas');
    const sheet = page.getByRole('region', { name: 'Send Us a Message For Job' });
    await expect(sheet).toBeVisible();
    expect((await sheet.boundingBox())!.height).toBeLessThan(120);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await expect(sheet).toBeHidden();
    await page.goto('/about');
    await expect(page.getByText('Send Us a Message For Job')).toHaveCount(0);
  });

  test('the sheet opens the full form on request', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Write to us' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Send Us a Message For Job' });
    await expect(dialog.getByLabel('Message')).toHaveValue(/therapist jobs near my location/);
  });

  test('never over sign-in, registration, applying or the account', async ({ page, request }) => {
    const job = await jobAt(request, 1);
    for (const url of ['/login', '/register', `/apply/${job._id}`, '/forgot-password']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(500);
      await expect(page.getByText('Send Us a Message For Job'), url).toHaveCount(0);
    }
  });
});

test.describe('3. signing in to apply comes back to the job', () => {
  test.beforeEach(({ page }) => dismissContactPopup(page));

  test('apply → sign in → back on the job, applied, and marked on the cards', async ({ page, request }) => {
    const c = newCandidate('Sunita');
    await registerByApi(request, c);
    const job = await jobAt(request, 2);
    await page.goto(`/job/${job._id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page.getByRole('alert')).toContainText('Please log in to apply for this job.');
    await page.getByRole('alert').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.getByLabel('Email or phone').fill(c.phone);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(c.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(new RegExp(`/job/${job._id}$`));
    await expect(page.getByRole('status').filter({ hasText: 'applied' })).toHaveText(
      'You have successfully applied for this job!',
    );
    await page.reload();
    await expect(page.getByTestId('applied-mark')).toHaveText('Applied');

    // The job's card in the listing says so too.
    await page.goto(`/jobs?${new URLSearchParams({ title: job.title, spa: job.spa.name })}`);
    const card = page.getByRole('article').filter({ has: page.locator(`a[href="/job/${job._id}"]`) });
    await expect(card.getByText('You applied')).toBeVisible();
  });

  test('a next that points elsewhere is ignored', async ({ page, request }) => {
    const c = newCandidate('Geeta');
    await registerByApi(request, c);
    await page.goto('/login?next=//evil.example/steal');
    await page.getByLabel('Email or phone').fill(c.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(c.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/spas$/);
  });
});

test.describe('4. a guest applies with a phone number only', () => {
  test.beforeEach(({ page }) => dismissContactPopup(page));

  test('name and phone, then the thank-you page stays with similar jobs and an account offer', async ({
    page,
    request,
  }) => {
    const job = await jobAt(request, 3);
    const phone = mobile();
    await page.goto(`/apply/${job._id}`);
    await page.getByLabel('Full name').fill('Pooja Kumari');
    const field = page.getByLabel('Phone');
    await expect(field).toHaveAttribute('type', 'tel');
    await field.fill(phone.written);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
    expect(
      sql<{ guest_email: string | null }>(
        'select guest_email from applications where guest_phone = ? and job_id = ?',
        phone.digits,
        Number(job._id),
      ),
    ).toEqual({ guest_email: null });

    await expect(page).toHaveURL('/thank-you', { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page).toHaveURL('/thank-you');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Create an account with these details' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel(/^First name/)).toHaveValue('Pooja');
    await expect(page.getByLabel(/^Last name/)).toHaveValue('Kumari');
    await expect(page.getByLabel(/^Phone number/)).toHaveValue(phone.digits);

    // The same number again, written another way, is the same guest.
    await page.goto(`/apply/${job._id}`);
    await page.getByLabel('Full name').fill('Pooja Kumari');
    await page.getByLabel('Phone').fill(`0${phone.digits}`);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'You have applied for this job already. Wait for 15 days.',
    );
  });
});

test.describe('5. location denied is not a dead end', () => {
  test.beforeEach(({ page }) => dismissContactPopup(page));

  test('location denied → choose a city → spas near it, remembered for next time', async ({ page }) => {
    await page.goto('/');
    const nearby = page.getByRole('region', { name: 'Spas Near You' });
    await expect(nearby.getByRole('heading', { name: 'Location access denied' })).toBeVisible();
    await nearby.getByLabel('Or choose your city').fill('Mumb');
    await nearby.getByRole('button', { name: /^Mumbai,?\s*Maharashtra$/ }).click();
    await expect(nearby.getByText('Near Mumbai, Maharashtra')).toBeVisible();
    await expect(nearby.getByRole('article').first()).toBeVisible();
    await expect(nearby.getByRole('article').first()).toContainText('km');

    await page.reload();
    await expect(nearby.getByText('Near Mumbai, Maharashtra')).toBeVisible();
    await expect(nearby.getByRole('heading', { name: 'Location access denied' })).toHaveCount(0);

    // Jobs near the chosen city come first on the home page, each with its distance.
    const jobsNear = page.getByRole('region', { name: 'Jobs Near You' });
    await expect(jobsNear.getByRole('article').first()).toBeVisible();
    await expect(jobsNear.getByRole('article').first()).toContainText(/\d km away/);
    const homeJobsTop = (await jobsNear.boundingBox())!.y;
    const spasTop = (await nearby.boundingBox())!.y;
    expect(homeJobsTop).toBeLessThan(spasTop);

    // All of them on the jobs page, nearest first, the filter named in a chip.
    await jobsNear.getByRole('link', { name: 'See all jobs near you' }).click();
    await expect(page).toHaveURL(/\/jobs\?near=.*sort=nearest/);
    await expect(
      page.getByRole('button', { name: /^Remove filter Near: Mumbai, Maharashtra, 10 km/ }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/km away$/)
        .first(),
    ).toBeVisible();
    const distances = await page
      .getByRole('main')
      .getByText(/^[\d.,]+ km away$/)
      .allTextContents();
    expect(distances.length).toBeGreaterThan(0);
    const km = distances.map((d) => Number.parseFloat(d.replace(/,/g, '')));
    expect([...km].sort((a, b) => a - b)).toEqual(km);
    expect(Math.max(...km)).toBeLessThanOrEqual(10);
  });

  test('minimum salary, experience and best paid first on the jobs page', async ({ page, request }) => {
    await gotoHydrated(page, '/jobs');
    await page
      .getByRole('button', { name: /filters/i })
      .first()
      .click();
    await page.getByLabel('Minimum salary').selectOption('30000');
    await page.getByLabel('Your experience').selectOption('1');
    await page.getByLabel('Sort by').selectOption('salary');
    await expect(page).toHaveURL(/salaryMin=30000/);
    await expect(page).toHaveURL(/experience=1/);
    await expect(page).toHaveURL(/sort=salary/);
    await page.getByRole('button', { name: /^Show results/ }).click();
    const api = (await (
      await request.get('/api/v1/spajobs', {
        params: { salaryMin: 30000, experience: 1, sort: 'salary', limit: 9 },
      })
    ).json()) as { data: { title: string }[]; total: number };
    expect(api.total).toBeGreaterThan(0);
    await expect(page.getByRole('main').getByRole('article').first().getByRole('heading')).toHaveText(
      api.data[0]!.title,
    );
  });
});

test.describe('6. applied, contact HR, share, floating buttons', () => {
  test.beforeEach(({ page }) => dismissContactPopup(page));

  test('share falls back to WhatsApp and copy link; the HR WhatsApp message names the job', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      // A browser without the Web Share API.
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    const job = await jobAt(request, 4);
    await page.goto(`/job/${job._id}`);
    await page.getByRole('button', { name: 'Share this job' }).click();
    const share = page.getByRole('group', { name: 'Share this job' });
    const whatsapp = share.getByRole('link', { name: 'WhatsApp' });
    const href = decodeURIComponent((await whatsapp.getAttribute('href'))!);
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(href).toContain(job.title);
    expect(href).toContain(`/job/${job._id}`);
    await share.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/job/${job._id}$`));

    const hr = page.getByRole('region', { name: 'Contact HR' }).getByRole('link', { name: 'WhatsApp' });
    if ((await hr.count()) > 0) {
      const hrHref = decodeURIComponent((await hr.getAttribute('href'))!);
      expect(hrHref).toMatch(/^https:\/\/wa\.me\/91\d{10}\?text=/);
      expect(hrHref).toContain(job.title);
      expect(hrHref).toContain(job.spa.name);
    }
  });

  test('share uses the phone’s share sheet where there is one', async ({ page, request }) => {
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
        },
      });
    });
    const job = await jobAt(request, 5);
    await page.goto(`/job/${job._id}`);
    await page.getByRole('button', { name: 'Share this job' }).click();
    // A tap before the app has taken the page over is handed to it once it has.
    const sharedSoFar = () =>
      page.evaluate(() => (window as unknown as { shared: { url: string; title: string }[] }).shared);
    await expect.poll(async () => (await sharedSoFar()).length).toBe(1);
    const shared = await sharedSoFar();
    expect(shared[0]!.title).toBe(job.title);
    expect(shared[0]!.url).toMatch(new RegExp(`/job/${job._id}$`));
  });

  test('the floating buttons fold into one and leave the end of the page readable', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Chat with us' })).toBeHidden();
    const help = page.getByRole('button', { name: 'Help: chat or e-mail' });
    await help.tap();
    await expect(page.getByRole('link', { name: 'Chat with us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'E-mail support' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide chat and e-mail' }).tap();

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const note = page.getByText(/By submitting a guest application/);
    const noteBox = (await note.boundingBox())!;
    const helpBox = (await help.boundingBox())!;
    const overlaps =
      noteBox.x < helpBox.x + helpBox.width &&
      noteBox.x + noteBox.width > helpBox.x &&
      noteBox.y < helpBox.y + helpBox.height &&
      noteBox.y + noteBox.height > helpBox.y;
    expect(overlaps).toBe(false);
  });
});

test.describe('7. trust: privacy, terms, deleting the account', () => {
  test.beforeEach(({ page }) => dismissContactPopup(page));

  test('the footer’s privacy policy and terms lead to real pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'privacy policy', exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    for (const heading of [
      'What we collect',
      'Why we use it',
      'How long we keep it',
      'Deleting your account',
    ]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    expect((await page.request.get('/terms')).status()).toBe(200);
  });

  test('delete my account removes the account and signs out', async ({ page, request }) => {
    const c = newCandidate('Nisha');
    await storeSession(page, await registerByApi(request, c));
    await page.goto('/edit-profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Your password').fill('not-it');
    await page.getByRole('button', { name: 'Delete everything now' }).click();
    await expect(page.getByText('The password is not correct.')).toBeVisible();
    await page.getByLabel('Your password').fill(c.password);
    await page.getByRole('button', { name: 'Delete everything now' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account and its data have been deleted.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(sql('select id from users where email = ?', c.email)).toBeUndefined();
  });
});
