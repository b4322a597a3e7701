import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newCandidate, registerByApi, storeSession } from './account-helpers.js';
import { dismissContactPopup, e2eDataDir, PHONE } from './support.js';

test.describe.configure({ mode: 'serial' });

/** Mail the server wrote to its outbox for one address. */
function mailsTo(email: string): { subject: string; text: string }[] {
  const dir = path.join(e2eDataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map(
      (f) =>
        JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
        },
    )
    .filter((m) => m.to === email);
}

const ADMIN_PASSWORD = 'Admin#Console2026';
let adminEmail = '';

/** The first admin, made on the command line; its password is set through the printed one-time link. */
async function makeAdmin(browser: Browser, baseURL: string): Promise<void> {
  adminEmail = `ops.${Date.now()}@example.com`;
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/user.ts', '--role', 'admin', '--email', adminEmail],
    { env: { ...process.env, DATA_DIR: e2eDataDir(), PUBLIC_BASE_URL: baseURL }, encoding: 'utf8' },
  );
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(out)?.[0];
  expect(link).toBeTruthy();
  const page = await browser.newPage();
  await dismissContactPopup(page);
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel('Confirm new password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await page.close();
}

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email or phone').fill(adminEmail);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  await makeAdmin(browser, baseURL!);
});

test('an employer gets a spa verified, posts a job, and takes a candidate to interview', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const employer = newCandidate('Kiran');
  const spaName = `Kairali Wellness ${Date.now()}`;
  const title = `Kalari Massage Therapist ${Date.now()}`;

  // The employer registers and adds a spa, on a phone.
  await dismissContactPopup(page);
  await page.setViewportSize(PHONE);
  await page.goto('/employer/register');
  await page.getByLabel('First name').fill(employer.firstname);
  await page.getByLabel('Last name').fill(employer.lastname);
  await page.getByLabel('Email').fill(employer.email);
  await page.getByLabel('Phone').fill(employer.phone);
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Password').fill(employer.password);
  await page.getByRole('button', { name: 'Create employer account' }).click();
  await expect(page.getByRole('heading', { name: 'Employer dashboard' })).toBeVisible();
  await expect(page.getByText('You have not added a spa yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add your spa' }).click();
  const spaForm = page.getByRole('form', { name: 'Add your spa' });
  await spaForm.getByLabel('Spa name').fill(spaName);
  await spaForm.getByLabel('Address').fill('14 Residency Road');
  await spaForm.getByLabel('City').fill('Bengaluru');
  await spaForm.getByLabel('State').fill('Karnataka');
  await spaForm.getByRole('button', { name: 'Save spa' }).click();
  await expect(spaForm.getByText('Please place the spa on the map').first()).toBeVisible();
  await spaForm.getByRole('button', { name: 'Place on the city' }).click();
  await expect(spaForm.getByText(/^Pin at 12\.\d+, 77\.\d+$/)).toBeVisible();
  await spaForm.getByLabel('Phone').fill('9845012345');
  await spaForm.getByLabel('WhatsApp number').fill('9845012345');
  await spaForm.getByRole('button', { name: 'Save spa' }).click();
  const spaCard = page.getByRole('listitem').filter({ hasText: spaName });
  await expect(spaCard.getByText('Waiting for verification')).toBeVisible();

  // The admin verifies it.
  const adminPage = await browser.newPage();
  await dismissContactPopup(adminPage);
  await signInAsAdmin(adminPage);
  const pending = adminPage.getByRole('listitem', { name: spaName });
  await pending.getByRole('button', { name: 'Verify' }).click();
  await expect(pending).toHaveCount(0);

  await page.reload();
  await expect(spaCard.getByText('Verified')).toBeVisible();

  // A failed post keeps what was typed; then the job goes live.
  await page.goto('/employer/jobs/new');
  const jobForm = page.getByRole('form', { name: 'Post a job' });
  await jobForm.getByLabel('Salary').fill('₹22,000 - ₹30,000 per month');
  await jobForm.getByLabel('Experience').fill('2 years');
  await jobForm.getByLabel('Category').fill('Therapist');
  await jobForm.getByLabel('Area / locality').fill('Residency Road, Bengaluru');
  await jobForm.getByLabel('Description').fill('Kalari and Abhyanga massages for our guests.');
  await jobForm.getByLabel('Requirements').fill('Certificate in Ayurveda therapy');
  await jobForm.getByRole('button', { name: 'Publish job' }).click();
  await expect(jobForm.getByText('Job title is required')).toBeVisible();
  await expect(jobForm.getByLabel('Salary')).toHaveValue('₹22,000 - ₹30,000 per month');
  await expect(jobForm.getByLabel('Description')).toHaveValue('Kalari and Abhyanga massages for our guests.');
  await jobForm.getByLabel('Job title').fill(title);
  await jobForm.getByRole('button', { name: 'Publish job' }).click();
  await expect(page.getByText('Job posted.')).toBeVisible();

  // A candidate finds it and applies.
  const candidate = newCandidate('Lakshmi');
  const session = await registerByApi(request, candidate);
  const candidatePage = await browser.newPage();
  await dismissContactPopup(candidatePage);
  await storeSession(candidatePage, session);
  await candidatePage.goto(`/jobs?title=${encodeURIComponent(title)}`);
  await candidatePage.getByRole('link', { name: title }).first().click();
  await expect(candidatePage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(candidatePage.getByText('Verified').first()).toBeVisible();
  await candidatePage.getByRole('button', { name: 'Apply Now' }).first().click();
  await expect(candidatePage.getByText('You have successfully applied for this job!')).toBeVisible();

  // The employer shortlists and schedules an interview.
  await page.goto('/employer/applicants');
  const applicant = page.getByRole('listitem', { name: `${candidate.firstname} ${candidate.lastname}` });
  await expect(applicant.getByText(title)).toBeVisible();
  const wa = applicant.getByRole('link', { name: 'Message on WhatsApp' });
  await expect(wa).toHaveAttribute('href', new RegExp(`^https://wa\\.me/91${candidate.phone}\\?text=`));
  expect(decodeURIComponent((await wa.getAttribute('href'))!)).toContain(
    `${spaName} about your application for ${title}`,
  );
  await applicant.getByRole('button', { name: 'Shortlist' }).click();
  await expect(applicant.getByText('Shortlisted')).toBeVisible();
  await applicant.getByRole('button', { name: 'Schedule interview' }).click();
  await applicant.getByLabel('Date and time').fill('2026-12-02T11:30');
  await applicant.getByLabel('Place').fill('Front desk, Residency Road');
  await applicant.getByRole('button', { name: 'Save interview' }).click();
  await expect(applicant.getByText('Interview', { exact: true })).toBeVisible();

  // The candidate sees it, with the history, and has the e-mail.
  await candidatePage.goto('/applications');
  const mine = candidatePage.getByRole('listitem').filter({ hasText: title });
  await expect(mine.getByText('Status: interview')).toBeVisible();
  await expect(mine.getByText(/Interview: .*Front desk, Residency Road/)).toBeVisible();
  await expect
    .poll(() => mailsTo(candidate.email).map((m) => m.subject))
    .toContain(`Interview: ${title} at ${spaName}`);
  // The spa heard about the application.
  expect(mailsTo(employer.email).map((m) => m.subject)).toContain(`1 new application at ${spaName}`);

  await adminPage.close();
  await candidatePage.close();
});

test('a reported job that the admin rejects leaves the listings', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  // A demo job to report, the only one with its title at its spa.
  const total = async (title: string, spa: string) =>
    (
      (await (await request.get(`/api/v1/spajobs?${new URLSearchParams({ title, spa })}`)).json()) as {
        total: number;
      }
    ).total;
  const page3 = (await (await request.get('/api/v1/spajobs?limit=20&page=3')).json()) as {
    data: { _id: string; title: string; spa: { name: string } }[];
  };
  let job: { _id: string; title: string; spa: { name: string } } | undefined;
  for (const j of page3.data) {
    if ((await total(j.title, j.spa.name)) === 1) {
      job = j;
      break;
    }
  }
  expect(job).toBeDefined();
  const filtered = `/jobs?${new URLSearchParams({ title: job!.title, spa: job!.spa.name })}`;
  const countFor = () => total(job!.title, job!.spa.name);

  await dismissContactPopup(page);
  await page.setViewportSize(PHONE);
  await page.goto(filtered);
  await expect(page.getByText('1 job found')).toBeVisible();
  await page.goto(`/job/${job!._id}`);
  await page.getByRole('button', { name: 'Report this job' }).click();
  const report = page.getByRole('form', { name: 'Report this job' });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Please choose a reason')).toBeVisible();
  await report.getByLabel('It asks for money').check();
  await report.getByLabel('More details (optional)').fill('They asked for a registration fee on the phone.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. We will review this job.')).toBeVisible();

  const adminPage = await browser.newPage();
  await dismissContactPopup(adminPage);
  await signInAsAdmin(adminPage);
  const reported = adminPage.getByRole('listitem', { name: `Report of ${job!.title}` }).filter({
    hasText: 'registration fee',
  });
  await expect(reported.getByText('Asks for money')).toBeVisible();
  await reported.getByRole('button', { name: 'Reject job' }).click();
  await expect(reported).toHaveCount(0);
  await adminPage.close();

  expect(await countFor()).toBe(0);
  // A visitor now (a browser that has not kept the listing from a moment ago) no longer finds it.
  const visitor = await browser.newPage();
  await dismissContactPopup(visitor);
  await visitor.goto(filtered);
  await expect(visitor.getByText('No jobs match your filters')).toBeVisible();
  await expect(visitor.locator(`a[href="/job/${job!._id}"]`)).toHaveCount(0);
  const closedPage = await visitor.goto(`/job/${job!._id}`);
  expect(closedPage?.status()).toBe(410);
  await expect(visitor.getByText('This job is closed. It no longer takes applications.')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
  await visitor.close();
});
