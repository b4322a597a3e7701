import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, dismissContactPopup, e2eDataDir, expectNoSeriousA11yViolations } from './support.js';
import { startSpareServer, type SpareServer } from './spare-server.js';

interface SiteConfig {
  brandName: string;
  supportEmail: string;
  supportPhone: string;
  chatUrl: string;
}

/** The site configuration the server wrote into the page. */
async function siteConfigOf(page: Page): Promise<SiteConfig> {
  const raw = await page.locator('#site-config').textContent();
  return JSON.parse(raw ?? '{}') as SiteConfig;
}

const popup = (page: Page) => page.getByRole('dialog', { name: 'Send Us a Message For Job' });

test.describe('header, footer and floating buttons', () => {
  test.beforeEach(async ({ page }) => {
    await dismissContactPopup(page);
  });

  test('the desktop header links to every section and shows Login and Register when signed out', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/about');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Spa', 'Find Jobs', 'About', 'Contact']);
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

    await nav.getByRole('link', { name: 'Spa' }).click();
    await expect(page).toHaveURL(/\/spas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Spas Jobs' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Spa' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Find Jobs' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the header stays at the top while the page scrolls', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/spas');
    await expect(page.getByText(/spas found/)).toBeVisible();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(0);
  });

  test('the phone menu opens, closes on an outside click, on Escape and on navigation', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menuNav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(menuNav).toBeHidden();

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menuNav.getByRole('link')).toHaveText(['Home', 'Spa', 'Find Jobs', 'About', 'Contact']);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

    // An outside click closes it.
    await page.mouse.click(180, 700);
    await expect(menuNav).toBeHidden();

    // Keyboard: open with Enter, close with Escape, focus back on the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menuNav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menuNav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuNav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // Navigating closes it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuNav.getByRole('link', { name: 'Spa' }).click();
    await expect(page).toHaveURL(/\/spas$/);
    await expect(menuNav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the footer shows the support contacts from the site configuration, the head office, social links, copyright and the guest note', async ({
    page,
  }) => {
    await page.goto('/about');
    const cfg = await siteConfigOf(page);
    expect(cfg.supportEmail).toContain('@');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: cfg.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${cfg.supportEmail}`,
    );
    await expect(footer.getByRole('link', { name: cfg.supportPhone })).toHaveAttribute(
      'href',
      /^tel:\+?\d+$/,
    );
    await expect(footer).toContainText('Head office');
    await expect(footer).toContainText('Mumbai');
    // Only the social profiles the site has configured.
    await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/spajobs.example',
    );
    await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/spajobs.example',
    );
    for (const name of ['LinkedIn', 'YouTube'])
      await expect(footer.getByRole('link', { name })).toHaveCount(0);
    await expect(footer).toContainText(`© 2025 ${cfg.brandName}`);
    await expect(footer).toContainText(
      'By submitting a guest application you agree to our privacy policy and terms.',
    );
    await expect(footer.getByRole('link', { name: 'privacy policy', exact: true })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(footer.getByRole('link', { name: 'terms', exact: true })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'All Jobs' })).toHaveAttribute('href', '/jobs-india');
  });

  test('the floating chat and support e-mail buttons use the site configuration on every page', async ({
    page,
  }) => {
    for (const url of ['/', '/spas', '/about']) {
      await page.goto(url);
      const cfg = await siteConfigOf(page);
      await expect(page.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', cfg.chatUrl);
      await expect(page.getByRole('link', { name: 'E-mail support' })).toHaveAttribute(
        'href',
        `mailto:${cfg.supportEmail}`,
      );
    }
  });

  test('every route change scrolls back to the top', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/spas');
    await expect(page.getByText(/spas found/)).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('an unknown route shows the not-found page inside the shell', async ({ page }) => {
    await page.goto('/no/such/screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('no serious accessibility violations in the shell, with the phone menu open', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the "Send Us a Message For Job" popup', () => {
  test('opens on page load with the prefilled message, and once closed stays closed for the session', async ({
    page,
    context,
  }) => {
    await page.goto('/spas');
    const dialog = popup(page);
    await expect(dialog).toBeVisible();
    for (const name of ['Name', 'E-mail', 'Phone (optional)', 'Location (optional)', 'Message']) {
      await expect(dialog.getByRole('textbox', { name, exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('Message')).toHaveValue(/therapist jobs near my location/);
    // The page behind is inert while it is open.
    await expect(page.getByRole('heading', { name: 'Find Spas Jobs' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('contactPopupClosed'))).toBe('1');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Find Spas Jobs' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(popup(page)).toBeHidden();

    // A new browser session sees it again.
    const other = await context.browser()!.newContext();
    const fresh = await other.newPage();
    await fresh.goto(page.url());
    await expect(popup(fresh)).toBeVisible();
    await other.close();
  });

  test('Escape closes it too and records the closing', async ({ page }) => {
    await page.goto('/about');
    await expect(popup(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('contactPopupClosed'))).toBe('1');
  });

  test('checks the fields before sending', async ({ page }) => {
    await page.goto('/about');
    const dialog = popup(page);
    await dialog.getByLabel('E-mail').fill('not-an-address');
    await dialog.getByLabel('Message').fill('');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Message is required')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  test('sends a message that arrives in the database and thanks the visitor', async ({ page }) => {
    const email = `popup-${Date.now()}@example.in`;
    await page.goto('/');
    const dialog = popup(page);
    await dialog.getByLabel('Name').fill('Priya Sharma');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Phone (optional)').fill('9876543210');
    await dialog.getByLabel('Location (optional)').fill('Andheri, Mumbai');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText('Thank you!')).toBeVisible();
    await expect(dialog.getByText('Your message has been sent.')).toBeVisible();

    const db = new Database(path.join(e2eDataDir(), 'spajobs.db'), { readonly: true });
    try {
      const row = db
        .prepare(
          'SELECT name, email, phone, location, subject, message FROM contact_messages WHERE email = ?',
        )
        .get(email) as Record<string, string> | undefined;
      expect(row).toMatchObject({
        name: 'Priya Sharma',
        email,
        phone: '9876543210',
        location: 'Andheri, Mumbai',
        subject: 'jobs',
      });
      expect(row?.message).toContain('therapist jobs near my location');
    } finally {
      db.close();
    }

    // Sending another starts from cleared fields.
    await dialog.getByRole('button', { name: 'Send another message' }).click();
    await expect(dialog.getByLabel('Name')).toHaveValue('');
    await expect(dialog.getByLabel('E-mail')).toHaveValue('');
  });

  test('no serious accessibility violations with the popup open', async ({ page }) => {
    await page.goto('/');
    await expect(popup(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the popup when the server fails', () => {
  let spare: SpareServer;
  test.beforeAll(async () => {
    spare = await startSpareServer(Number(process.env.E2E_PORT ?? 3100) + 901, { broken: true });
  });
  test.afterAll(async () => {
    await spare?.stop();
  });

  test('shows the server error above the button and keeps what was typed', async ({ page }) => {
    await page.goto(`${spare.baseURL}/about`);
    const dialog = popup(page);
    await dialog.getByLabel('Name').fill('Priya Sharma');
    await dialog.getByLabel('E-mail').fill('priya@example.in');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Server error. Please try again later.');
    await expect(dialog.getByLabel('Name')).toHaveValue('Priya Sharma');
    await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});
