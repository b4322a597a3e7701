import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newCandidate, registerByApi, storeSession } from './account-helpers.js';
import { dismissContactPopup, e2eDataDir, expectNoSeriousA11yViolations } from './support.js';

test.beforeEach(async ({ page }) => {
  await dismissContactPopup(page);
});

/** The confirmation link from the newest job-alert mail to `email` in the server's outbox. */
async function readConfirmLink(email: string): Promise<string> {
  const dir = path.join(e2eDataDir(), 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
      for (const f of files) {
        const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string };
        if (mail.to === email) link = /https?:\/\/\S+\/alerts\/confirm\?token=\S+/.exec(mail.text)?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return new URL(link!).pathname + new URL(link!).search;
}

test('a candidate gets the jobs page’s search by e-mail, confirms it and manages it in the dashboard', async ({
  page,
  request,
}) => {
  // A whole journey over three pages, with an accessibility check: longer than the default budget.
  test.setTimeout(120_000);
  const c = newCandidate('Meera');
  await storeSession(page, await registerByApi(request, c));
  await page.goto('/jobs?city=Mumbai');
  await page.getByRole('button', { name: 'Get these jobs by e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get these jobs by e-mail' });
  await expect(dialog.getByText('in Mumbai')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /E-mail/ })).toHaveValue(c.email);
  await dialog.getByRole('combobox', { name: 'How often' }).selectOption('weekly');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create job alert' }).click();
  const done = page.getByRole('dialog', { name: 'Check your inbox' });
  await expect(done.getByRole('status')).toContainText('Almost done!');
  await done.getByRole('button', { name: 'Close' }).click();

  await page.goto(await readConfirmLink(c.email));
  await expect(page.getByRole('heading', { name: 'Your job alert is on' })).toBeVisible();

  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Job alerts' });
  await expect(section.getByRole('link', { name: 'in Mumbai' })).toBeVisible();
  await expect(section.getByText('Active')).toBeVisible();
  await expect(section.getByRole('combobox', { name: 'How often for in Mumbai' })).toHaveValue('weekly');
  await section.getByRole('button', { name: 'Pause: in Mumbai' }).click();
  await expect(section.getByRole('button', { name: 'Resume: in Mumbai' })).toBeVisible();
  await expect(section.getByText('Paused')).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await section.getByRole('button', { name: 'Delete: in Mumbai' }).click();
  await expect(section.getByText('No job alerts yet')).toBeVisible();
});

test('an unsubscribe link that is not ours says so, and a used confirmation link too', async ({ page }) => {
  await page.goto('/alerts/unsubscribe?token=12.not-a-real-signature');
  await expect(page.getByRole('heading', { name: 'Unsubscribe from this job alert' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is not valid');

  await page.goto('/alerts/confirm?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'We could not confirm this job alert' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This link is not valid');
});
