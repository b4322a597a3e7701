import { expect, test, type Page } from '@playwright/test';
import {
  MINIMAL_PDF,
  newCandidate,
  OVER_5MB,
  PNG_1PX,
  registerByApi,
  storeSession,
} from './account-helpers.js';
import { dismissContactPopup, expectNoSeriousA11yViolations, PHONE } from './support.js';

test.beforeEach(async ({ page }) => {
  await dismissContactPopup(page);
});

async function signedInCandidate(page: Page, request: Parameters<typeof registerByApi>[0], name = 'Asha') {
  const c = newCandidate(name);
  await storeSession(page, await registerByApi(request, c));
  return c;
}

function panel(page: Page, title: string) {
  return page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .last();
}

test('dashboard: greeting, empty state, photo and resume uploads with every refusal', async ({
  page,
  request,
}) => {
  const c = await signedInCandidate(page, request);
  await page.goto('/candidate/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^Good (morning|afternoon|evening), ${c.firstname}$`),
  );
  await expect(page.getByTestId('applied-jobs-count')).toHaveText('0');
  await expect(page.getByText('No applied jobs found')).toBeVisible();
  await expect(page.getByText('You haven’t applied to any jobs yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/applications');
  await expectNoSeriousA11yViolations(page);

  // Photo.
  const photo = panel(page, 'Profile photo');
  const photoInput = page.getByLabel('Choose a photo');
  const uploadPhoto = page.getByRole('button', { name: 'Upload Photo' });
  await uploadPhoto.click();
  await expect(photo.getByRole('alert')).toHaveText('Please select an image to upload');
  await photoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(photo.getByRole('alert')).toHaveText('Please upload a JPEG, JPG, or PNG image');
  await photoInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(OVER_5MB, 1),
  });
  await expect(photo.getByRole('alert')).toHaveText('File size exceeds 5MB limit');
  // Named like a photo but not one: the server checks the bytes and says why.
  await photoInput.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a png'),
  });
  await uploadPhoto.click();
  await expect(photo.getByRole('alert')).toHaveText('Please upload a JPEG, JPG, or PNG image');
  await photoInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(photo.getByText('Chosen: me.png')).toBeVisible();
  await uploadPhoto.click();
  await expect(photo.getByRole('status')).toHaveText('Profile photo updated successfully!');
  await expect(photoInput).toHaveValue('');
  const img = page.getByRole('img', { name: `Profile photo of ${c.firstname} ${c.lastname}` });
  await expect(img).toHaveAttribute('src', /^\/uploads\/photos\//);
  // The header avatar shows the photo too.
  await expect(page.getByRole('banner').locator('img[src^="/uploads/photos/"]').first()).toBeAttached();

  // Resume.
  const resume = panel(page, 'Resume');
  const resumeInput = page.getByLabel('Choose a resume');
  const uploadResume = page.getByRole('button', { name: 'Upload Resume' });
  await uploadResume.click();
  await expect(resume.getByRole('alert')).toHaveText('Please select a file first');
  await resumeInput.setInputFiles({ name: 'cv.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(resume.getByRole('alert')).toHaveText(
    'Please upload a PDF or Word document (.pdf, .doc, .docx)',
  );
  await resumeInput.setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([MINIMAL_PDF, Buffer.alloc(OVER_5MB)]),
  });
  await expect(resume.getByRole('alert')).toHaveText('File size exceeds 5MB limit');
  await resumeInput.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF });
  await uploadResume.click();
  await expect(resume.getByRole('status')).toHaveText('Resume uploaded successfully!');
  await expect(resumeInput).toHaveValue('');
  const download = page.getByRole('link', { name: 'Download Resume' });
  await expect(download).toHaveAttribute('href', /^\/uploads\/resumes\/.+\.pdf$/);
  const file = await request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');

  // Both stay after a reload.
  await page.reload();
  await expect(img).toBeVisible();
  await expect(download).toBeVisible();

  // A photo that fails to load becomes a placeholder.
  await page.route('**/uploads/photos/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.reload();
  await expect(page.getByRole('img', { name: 'Image Error' })).toBeVisible();
});

test('dashboard at phone width has no serious accessibility problems', async ({ page, request }) => {
  await signedInCandidate(page, request);
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByText('Applied Jobs', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('edit profile: future birth date and an eleventh skill refused, then saved', async ({
  page,
  request,
}) => {
  const c = await signedInCandidate(page, request, 'Neha');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(page.getByLabel('First name')).toHaveValue(c.firstname);
  await expect(page.getByLabel('Phone number')).toHaveValue(c.phone);
  await expectNoSeriousA11yViolations(page);

  // Cancel goes back without saving.
  await page.getByLabel('First name').fill('Changed');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(c.firstname);
  await page.goto('/edit-profile');

  const save = page.getByRole('button', { name: 'Save Changes' });
  await page.getByLabel('Date of birth').fill('2099-01-01');
  const eleven = Array.from({ length: 11 }, (_, i) => `Skill ${i + 1}`).join(', ');
  await page.getByLabel('Skills').fill(eleven);
  await expect(page.getByTestId('skills-count')).toHaveText('11/10 skills');
  await expect(page.getByTestId('skills-count')).toHaveClass(/text-red-700/);
  await save.click();
  await expect(page.getByText('Date of birth cannot be in the future', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Maximum 10 skills allowed', { exact: true })).toHaveCount(1);

  await page.getByLabel('First name').fill('');
  await save.click();
  await expect(page.getByText('First name is required', { exact: true })).toHaveCount(1);

  await page.getByLabel('First name').fill('Nehaa');
  await page.getByLabel('Date of birth').fill('1996-04-12');
  await page.getByLabel('Skills').fill('Swedish massage, Aromatherapy, Reflexology');
  await expect(page.getByTestId('skills-count')).toHaveText('3/10 skills');
  await expect(page.getByTestId('skills-count')).not.toHaveClass(/text-red-700/);
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Qualification').fill('Diploma in Spa Therapy');
  await page.getByLabel('Experience').fill('3 years');
  await page.getByLabel('Address').fill('12 MG Road, Pune');
  await save.click();
  await expect(page.getByRole('status')).toHaveText('Profile updated successfully!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Nehaa');
  await expect(page.getByText('Diploma in Spa Therapy')).toBeVisible();
  await expect(page.getByText('Swedish massage, Aromatherapy, Reflexology')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Nehaa' })).toBeVisible();

  await page.goto('/edit-profile');
  await expect(page.getByLabel('Date of birth')).toHaveValue('1996-04-12');
  await expect(page.getByLabel('Gender')).toHaveValue('Female');
  await expect(page.getByLabel('Qualification')).toHaveValue('Diploma in Spa Therapy');
  await expect(page.getByLabel('Skills')).toHaveValue('Swedish massage, Aromatherapy, Reflexology');
});

test('applying to a job: counted, listed, refused a second time, and on /applications', async ({
  page,
  request,
}) => {
  await signedInCandidate(page, request, 'Pooja');
  const jobs = (await (await request.get('/api/v1/spajobs?page=1&limit=2')).json()) as {
    data: { _id: string; title: string }[];
  };
  const job = jobs.data[0]!;

  await page.goto(`/job/${job._id}`);
  const applyNow = page.getByRole('button', { name: 'Apply Now' });
  await applyNow.click();
  await expect(page.getByText('You have successfully applied for this job!')).toBeVisible();
  // From then on the job is marked as applied instead of offering Apply Now.
  await page.reload();
  await expect(page.getByTestId('applied-mark')).toHaveText('Applied');
  await expect(applyNow).toHaveCount(0);

  await page.goto('/candidate/dashboard');
  await expect(page.getByTestId('applied-jobs-count')).toHaveText('1');
  const item = page.getByRole('listitem').filter({ hasText: job.title });
  await expect(item).toBeVisible();
  await expect(item).toContainText('applied');
  await expect(item).toContainText('Applied on');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(page.getByRole('heading', { name: 'My Applications' })).toBeVisible();
  await expect(page.getByText('1 application', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: job.title })).toHaveAttribute('href', `/job/${job._id}`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: job.title }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${job._id}$`));
});

test('/applications lists every application, newest first, paged', async ({ page, request }) => {
  const session = await registerByApi(request, newCandidate('Lata'));
  const jobs = (await (await request.get('/api/v1/spajobs?page=1&limit=12')).json()) as {
    data: { _id: string; title: string }[];
  };
  const picked = jobs.data.slice(0, 12);
  for (const j of picked) {
    const res = await request.post('/api/v1/application/apply/user', {
      data: { jobId: j._id },
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(res.status()).toBe(201);
  }
  await storeSession(page, session);
  await page.goto('/applications');
  await expect(page.getByText('12 applications')).toBeVisible();
  const titles = page.getByRole('listitem').getByRole('heading');
  await expect(titles).toHaveCount(10);
  // Newest first: the last job applied to leads.
  await expect(titles.first()).toHaveText(picked[11]!.title);
  const pager = page.getByRole('navigation', { name: 'Applications pages' });
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/applications\?page=2$/);
  await expect(titles).toHaveCount(2);
  await expect(titles.last()).toHaveText(picked[0]!.title);
});
