import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, dismissContactPopup, e2eDataDir, expectNoSeriousA11yViolations } from './support.js';

test.describe('about page', () => {
  test.beforeEach(async ({ page }) => {
    await dismissContactPopup(page);
    await page.setViewportSize(DESKTOP);
  });

  test('shows the live figures from the API, with links to spas and jobs', async ({ page, request }) => {
    const stats = (await (await request.get('/api/v1/stats')).json()) as {
      totalUsers: number;
      totalSpas: number;
      totalJobs: number;
    };
    expect(stats.totalSpas).toBeGreaterThan(0);
    await page.goto('/about');
    const fmt = (n: number) => n.toLocaleString('en-IN');
    await expect(page.getByTestId('stat-users')).toHaveText(fmt(stats.totalUsers));
    await expect(page.getByTestId('stat-spas')).toHaveText(fmt(stats.totalSpas));
    await expect(page.getByTestId('stat-jobs')).toHaveText(fmt(stats.totalJobs));
    await expect(page.getByText('Active Candidates')).toBeVisible();
    await expect(page.getByRole('link', { name: /Active Candidates/ })).toHaveCount(0);

    await expect(page.getByText(/completely free for job seekers/).first()).toBeVisible();
    await expect(page.getByText(/Employers get a verified account and subscription packages/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Why choose/ })).toBeVisible();
    await expect(
      page
        .getByRole('heading', { level: 3 })
        .filter({ hasText: /Verified spas|Free for job seekers|Jobs near you/ }),
    ).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: /Posted Jobs/ }).click();
    await expect(page).toHaveURL('/all/jobs/filters');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Spa Jobs' })).toBeVisible();

    await page.goto('/about');
    await page.getByRole('link', { name: /Registered Spas/ }).click();
    await expect(page).toHaveURL('/spas');
  });

  test('the FAQ opens one answer at a time, by mouse or keyboard', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/about');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(5);
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: /free for job seekers\?/ })).toBeVisible();

    await questions.nth(1).click();
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Do I need an account to apply?' })).toContainText('guest');
    await expect(faq.getByRole('region')).toHaveCount(1);

    await questions.nth(4).focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(4)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Can I apply to the same job again?' })).toContainText(
      '15 days',
    );
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('contact page', () => {
  test.beforeEach(async ({ page }) => {
    await dismissContactPopup(page);
  });

  test('shows how to reach us and where we are', async ({ page }) => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Branch location' })).toBeVisible();
      await expect(page.getByText('Monday to Sunday, 10:30 AM to 7:00 PM IST')).toBeVisible();
      await expect(page.getByText('We reply within 24-48 hours.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute(
        'href',
        /^mailto:/,
      );
      await expect(page.getByRole('main').getByRole('link', { name: /^\+91/ })).toHaveAttribute(
        'href',
        /^tel:\+91\d{10}$/,
      );
      const subject = page.getByLabel('Subject');
      await expect(subject.locator('option')).toHaveText(['Job Inquiry', 'Services Inquiry']);
      await expectNoSeriousA11yViolations(page);
    }
    await page.getByRole('link', { name: 'See jobs in Mumbai' }).click();
    await expect(page).toHaveURL(/\/jobs\?state=Maharashtra&city=Mumbai/);
    await expect(page.getByRole('button', { name: 'Remove filter City: Mumbai' })).toBeVisible();
  });

  test('a message sent from the page is stored', async ({ page }) => {
    const email = `pooja.${Date.now()}@example.com`;
    await page.setViewportSize(PHONE);
    await page.goto('/contact');
    const form = page.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();

    await form.getByLabel('Name').fill('Pooja Iyer');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel(/^Phone/).fill('9812345678');
    await form.getByLabel(/^Location/).fill('Pune');
    await form.getByLabel('Subject').selectOption({ label: 'Services Inquiry' });
    await form.getByLabel('Message').fill('Do you help spas hire trained therapists in Pune?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Your message has been sent. Our team will contact you soon.')).toBeVisible();

    const db = new Database(path.join(e2eDataDir(), 'spajobs.db'), { readonly: true });
    try {
      const row = db
        .prepare('select name, phone, location, subject, message from contact_messages where email = ?')
        .get(email);
      expect(row).toEqual({
        name: 'Pooja Iyer',
        phone: '9812345678',
        location: 'Pune',
        subject: 'services',
        message: 'Do you help spas hire trained therapists in Pune?',
      });
    } finally {
      db.close();
    }
  });

  test('the thank-you page stays, with a way on to all jobs', async ({ page }) => {
    await page.goto('/thank-you');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.waitForTimeout(1_500);
    await expect(page).toHaveURL('/thank-you');
    await page.getByRole('link', { name: 'Browse all jobs' }).click();
    await expect(page).toHaveURL('/jobs');
  });
});
