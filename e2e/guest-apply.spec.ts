import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, PHONE, dismissContactPopup, e2eDataDir, expectNoSeriousA11yViolations } from './support.js';

interface Job {
  _id: string;
  title: string;
  spa: { name: string };
}

/** A small but valid PDF document. */
function minimalPdf(): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += o;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function someJob(request: APIRequestContext, index: number): Promise<Job> {
  const res = await request.get('/api/v1/spajobs', { params: { limit: 20, page: 2 } });
  return ((await res.json()) as { data: Job[] }).data[index]!;
}

const uniqueEmail = (name: string) => `${name}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
const submit = (page: Page) => page.getByRole('button', { name: 'Submit Application' });

function countApplyPosts(page: Page): { n: number } {
  const seen = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v1/application/apply/guest')) seen.n++;
  });
  return seen;
}

test.describe('guest application', () => {
  test.beforeEach(async ({ page }) => {
    await dismissContactPopup(page);
    await page.setViewportSize(DESKTOP);
  });

  test('applies with a PDF resume, then thanks and moves on', async ({ page, request }) => {
    const job = await someJob(request, 0);
    const email = uniqueEmail('kavya');
    await page.setViewportSize(PHONE);
    await page.goto(`/apply/${job._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Apply as Guest' })).toBeVisible();
    await expect(page.getByText(job.title, { exact: true })).toBeVisible();
    await expect(page.getByText(`Job ID: ${job._id}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Full name').fill('Kavya Reddy');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+91 98480 22338');
    await page.getByLabel('Resume').setInputFiles({
      name: 'kavya-resume.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf(),
    });
    await submit(page).click();

    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Job Listing' })).toHaveAttribute('href', '/jobs');
    await expectNoSeriousA11yViolations(page);

    const db = new Database(path.join(e2eDataDir(), 'spajobs.db'), { readonly: true });
    try {
      const row = db
        .prepare('select job_id, guest_name, guest_phone, resume from applications where guest_email = ?')
        .get(email) as { job_id: number; guest_name: string; guest_phone: string; resume: string | null };
      expect(row).toMatchObject({ job_id: Number(job._id), guest_name: 'Kavya Reddy' });
      expect(row.guest_phone).toBe('9848022338');
      expect(row.resume).toMatch(/\.pdf$/);
    } finally {
      db.close();
    }

    await expect(page).toHaveURL('/thank-you', { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    // The thank-you page stays, with an account offer and similar jobs.
    await expect(page.getByRole('link', { name: 'Create an account with these details' })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page).toHaveURL('/thank-you');
  });

  test('the second address shows the same form, and applying twice is refused', async ({ page, request }) => {
    const job = await someJob(request, 1);
    const email = uniqueEmail('ritu');
    await page.goto(`/guest/apply/${job._id}`);
    await expect(page.getByText(`Job ID: ${job._id}`)).toBeVisible();
    await page.getByLabel('Full name').fill('Ritu Sharma');
    await page.getByLabel('Email').fill(email);
    await submit(page).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();

    await page.goto(`/guest/apply/${job._id}`);
    await page.getByLabel('Full name').fill('Ritu Sharma');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText(
      'You have applied for this job already. Wait for 15 days.',
    );
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toHaveCount(0);
  });

  test('refuses wrong fields in the browser before sending anything', async ({ page, request }) => {
    const job = await someJob(request, 2);
    const posts = countApplyPosts(page);
    await page.goto(`/apply/${job._id}`);
    await expect(submit(page)).toBeVisible();

    await submit(page).click();
    await expect(page.getByText('Please enter your full name')).toBeVisible();
    await expect(page.getByText('Please enter your email address or phone number')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Full name').fill('Sunil Das');
    await page.getByLabel('Email').fill('sunil@example');
    await page.getByLabel('Phone').fill('98-76');
    await submit(page).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please enter a valid phone number (7-15 digits)')).toBeVisible();
    await expect(page.getByText('Please enter your full name')).toHaveCount(0);

    await page.getByLabel('Email').fill('sunil@example.com');
    await page.getByLabel('Phone').fill('');
    await page.getByLabel('Resume').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    await submit(page).click();
    await expect(page.getByText('Please upload a PDF, DOC, or DOCX file')).toBeVisible();

    await page.getByLabel('Resume').setInputFiles({
      name: 'big-resume.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([minimalPdf(), Buffer.alloc(5 * 1024 * 1024)]),
    });
    await submit(page).click();
    await expect(page.getByText('Resume file size should be less than 5MB')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(posts.n).toBe(0);
  });

  test('the server checks the file again by its bytes', async ({ page, request }) => {
    const job = await someJob(request, 3);
    await page.goto(`/apply/${job._id}`);
    await page.getByLabel('Full name').fill('Imran Khan');
    await page.getByLabel('Email').fill(uniqueEmail('imran'));
    await page.getByLabel('Resume').setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('this is plain text pretending to be a PDF'),
    });
    await submit(page).click();
    await expect(page.getByRole('alert').last()).toHaveText('Please upload a PDF, DOC, or DOCX file');
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toHaveCount(0);
  });

  test('explains a too-large file, a server error and a lost connection', async ({ page, request }) => {
    const job = await someJob(request, 4);
    await page.goto(`/apply/${job._id}`);
    await page.getByLabel('Full name').fill('Neha Joshi');
    await page.getByLabel('Email').fill(uniqueEmail('neha'));

    const answers: [number, string][] = [
      [413, 'File too large. Please reduce the file size and try again.'],
      [500, 'Server error. Please try again later.'],
      [400, 'Please check your form data and try again.'],
    ];
    for (const [status, text] of answers) {
      await page.route('**/api/v1/application/apply/guest', (route) =>
        route.fulfill({ status, contentType: 'application/json', body: '{}' }),
      );
      await submit(page).click();
      await expect(page.getByRole('alert')).toHaveText(text);
      await page.unroute('**/api/v1/application/apply/guest');
    }
    await page.route('**/api/v1/application/apply/guest', (route) => route.abort('internetdisconnected'));
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Network error. Please check your connection and try again.',
    );
  });

  test('an unknown job and a missing id are explained', async ({ page }) => {
    await page.goto('/apply/987654321');
    await expect(page.getByText('Job not found. Please refresh the page and try again.')).toBeVisible();
    await expect(submit(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/apply/%20');
    await expect(page.getByText('Job ID is missing. Please try again or contact support.')).toBeVisible();
    await expect(submit(page)).toHaveCount(0);
  });
});
