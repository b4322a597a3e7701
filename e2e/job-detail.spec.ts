import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  dismissContactPopup,
  expectNoSeriousA11yViolations,
  navigateInApp,
} from './support.js';

interface Job {
  _id: string;
  title: string;
  salary: string;
  city: string;
  location: string;
  state: string;
  category: string;
  experience: string;
  vacancies: number;
  isNewJob: boolean;
  gender: string;
  postedOn: string;
  spa: { _id: string; name: string; fullAddress: string };
  hrPhone: string | null;
  hrWhatsapp: string | null;
  description: string;
  requirements: string;
  views: number;
}

async function latestJobs(request: APIRequestContext): Promise<Job[]> {
  const res = await request.get('/api/v1/spajobs', { params: { limit: 20 } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Job[] }).data;
}

/** Reads a job through the API (this counts a view, as a visit does). */
async function readJob(request: APIRequestContext, id: string): Promise<Job> {
  const res = await request.get(`/api/v1/spajobs/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Job;
}

async function expectJobShown(page: Page, job: Job) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(job.title);
  await expect(main.getByRole('link', { name: job.spa.name, exact: true })).toHaveAttribute(
    'href',
    `/spa/${job.spa._id}`,
  );
  await expect(main.getByText(job.location).first()).toBeVisible();
  const fact = (label: string) =>
    main.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
  await expect(fact('Salary')).toHaveText(job.salary);
  await expect(fact('Experience')).toHaveText(job.experience);
  await expect(fact('Category')).toHaveText(job.category);
  await expect(fact('Gender')).toHaveText(job.gender);
  await expect(fact('Vacancies')).toHaveText(String(job.vacancies));
  await expect(fact('Posted')).toHaveText(/^(Today|Yesterday|\d+ days ago|\d+ weeks? ago|\d+ months? ago)$/);
  await expect(main.getByText(job.description)).toBeVisible();
  const firstRequirement = job.requirements.split('\n')[0]!.trim();
  await expect(main.getByRole('listitem').filter({ hasText: firstRequirement })).toBeVisible();
  await expect(main.getByText(job.spa.fullAddress)).toBeVisible();
  if (job.isNewJob) await expect(main.getByText('NEW', { exact: true })).toBeVisible();
  await expect(main.getByText(/^\d[\d,]* views?$/)).toBeVisible();
}

test.describe('job detail', () => {
  test.beforeEach(async ({ page }) => {
    await dismissContactPopup(page);
    await page.setViewportSize(DESKTOP);
  });

  test('opens from the listing with every field, contact links and the ways to apply', async ({
    page,
    request,
  }) => {
    const job = (await latestJobs(request)).find((j) => j.isNewJob && j.hrPhone)!;
    expect(job).toBeTruthy();
    await page.goto(`/jobs?title=${encodeURIComponent(job.title)}&spa=${encodeURIComponent(job.spa.name)}`);
    await page.getByRole('link', { name: job.title }).first().click();
    await expect(page).toHaveURL(`/job/${job._id}`);
    await expectJobShown(page, job);

    // The page refreshed the job from the API, which counted this visit.
    const after = await readJob(request, job._id);
    expect(after.views).toBeGreaterThan(job.views);

    const main = page.getByRole('main');
    const digits = job.hrPhone!.replace(/\D/g, '').slice(-10);
    await expect(main.getByRole('link', { name: 'Call HR' })).toHaveAttribute('href', `tel:+91${digits}`);
    const wa = job.hrWhatsapp!.replace(/\D/g, '').slice(-10);
    // The chat opens with the job and the spa already written.
    const waLink = main.getByRole('region', { name: 'Contact HR' }).getByRole('link', { name: 'WhatsApp' });
    await expect(waLink).toHaveAttribute('href', new RegExp(`^https://wa\\.me/91${wa}\\?text=`));
    const waText = decodeURIComponent((await waLink.getAttribute('href'))!.split('?text=')[1]!);
    expect(waText).toContain(job.title);
    expect(waText).toContain(job.spa.name);
    await expect(main.getByRole('link', { name: 'Browse All Jobs' })).toHaveAttribute('href', '/jobs');
    await expect(main.getByRole('link', { name: `View Spa: ${job.spa.name}` })).toHaveAttribute(
      'href',
      `/spa/${job.spa._id}`,
    );
    await expectNoSeriousA11yViolations(page);

    await main.getByRole('link', { name: 'Apply as Guest' }).click();
    await expect(page).toHaveURL(`/apply/${job._id}`);
    await expect(page.getByText(`Job ID: ${job._id}`)).toBeVisible();
  });

  test('opens directly by both addresses, on a phone too', async ({ page, request }) => {
    const job = (await latestJobs(request))[3]!;
    await page.goto(`/job/${job._id}`);
    await expectJobShown(page, await readJob(request, job._id));

    await page.setViewportSize(PHONE);
    await page.goto(`/spa/${job.spa._id}/job/${job._id}`);
    await expectJobShown(page, await readJob(request, job._id));
    // On a phone, Apply Now sits right under the summary, before the description.
    const applyTop = await page.getByRole('button', { name: 'Apply Now' }).boundingBox();
    const descriptionTop = await page.getByRole('heading', { name: 'Job Description' }).boundingBox();
    expect(applyTop!.y).toBeLessThan(descriptionTop!.y);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('an unknown job shows Job Not Found', async ({ page }) => {
    await page.goto('/job/987654321');
    await expect(page.getByRole('heading', { name: 'Job Not Found' })).toBeVisible();
    await expect(page.getByText('Job not found.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Browse All Jobs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Spa Jobs' })).toBeVisible();
  });

  test('a server error offers Reload Page and Browse All Jobs', async ({ page, request }) => {
    const job = (await latestJobs(request))[0]!;
    let failing = true;
    await page.route(`**/api/v1/spajobs/${job._id}`, (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"success":false,"error":"Internal","message":"boom"}',
          })
        : route.continue(),
    );
    await page.goto('/about');
    await navigateInApp(page, `/job/${job._id}`);
    await expect(page.getByText('Server error. Please try again later or contact support.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('link', { name: 'Browse All Jobs' })).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expectJobShown(page, await readJob(request, job._id));
  });

  test('Apply Now asks a signed-out visitor to log in', async ({ page, request }) => {
    const job = (await latestJobs(request))[1]!;
    let applyCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/application/apply/')) applyCalls++;
    });
    await page.goto(`/job/${job._id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page.getByRole('alert')).toContainText('Please log in to apply for this job.');
    // The sign-in comes back to this job and goes on to the application.
    await expect(page.getByRole('alert').getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/job/${job._id}?apply=1`)}`,
    );
    expect(applyCalls).toBe(0);
  });

  test('Apply Now applies for a signed-in candidate, and refuses a second time', async ({
    page,
    request,
  }) => {
    const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const res = await request.post('/api/v1/users/register', {
      data: {
        firstname: 'Meera',
        lastname: 'Nair',
        email: `meera.${n}@example.com`,
        phone: `9${n.slice(-9)}`,
        gender: 'Female',
        password: 'Lotus#2026',
        role: 'user',
      },
    });
    expect(res.status()).toBe(201);
    const body = (await res.json()) as Record<string, string>;
    const user = {
      _id: body._id,
      firstname: body.firstname,
      lastname: body.lastname,
      email: body.email,
      role: 'user',
    };
    await page.addInitScript(
      ([token, u]) => {
        localStorage.setItem('token', token!);
        localStorage.setItem('user', u!);
      },
      [body.token!, JSON.stringify(user)],
    );

    const job = (await latestJobs(request))[2]!;
    await page.goto(`/job/${job._id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'applied' })).toHaveText(
      'You have successfully applied for this job!',
    );

    const list = await request.get('/api/v1/application/user/applications', {
      headers: { authorization: `Bearer ${body.token}` },
    });
    const apps = ((await list.json()) as { data: { job: { _id: string } | null }[] }).data;
    expect(apps.map((a) => a.job?._id)).toContain(job._id);

    // Marked as applied from then on, also after a reload: no second Apply Now.
    await page.reload();
    await expect(page.getByTestId('applied-mark')).toHaveText('Applied');
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
    const again = await request.post('/api/v1/application/apply/user', {
      headers: { authorization: `Bearer ${body.token}` },
      data: { jobId: job._id },
    });
    expect(again.status()).toBe(409);
  });
});
