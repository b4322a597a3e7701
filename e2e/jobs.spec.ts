import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  dismissContactPopup,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  navigateInApp,
} from './support.js';

interface JobList {
  data: {
    _id: string;
    title: string;
    description: string;
    spa: { name: string };
    category: string;
    city: string;
    state: string;
  }[];
  total: number;
  pages: number;
}

/** What the API says for a filter, to hold the page to. */
async function apiJobs(request: APIRequestContext, query: Record<string, string | number>): Promise<JobList> {
  const res = await request.get('/api/v1/spajobs', { params: { limit: 9, ...query } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as JobList;
}

const fmt = (n: number) => n.toLocaleString('en-IN');
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const countHeading = (page: Page) => page.locator('#results-heading');
const rangeLabel = (page: Page) => page.getByTestId('range-label');

/** Requests for the job list itself (not the summary or one job). */
function countListRequests(page: Page): { urls: string[] } {
  const seen = { urls: [] as string[] };
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname === '/api/v1/spajobs') seen.urls.push(url.search);
  });
  return seen;
}

async function expectShowing(page: Page, expected: JobList, pageNo = 1) {
  await expect(countHeading(page)).toHaveText(
    expected.total === 1 ? '1 job found' : `${fmt(expected.total)} jobs found`,
  );
  const start = (pageNo - 1) * 9 + 1;
  const end = Math.min(pageNo * 9, expected.total);
  if (expected.total > 1) {
    await expect(rangeLabel(page)).toHaveText(`Showing ${start}–${end} of ${fmt(expected.total)} jobs`);
  }
  await expect(cards(page)).toHaveCount(expected.data.length);
  await expect(cards(page).first().getByRole('heading')).toHaveText(expected.data[0]!.title);
}

test.describe('job listing', () => {
  test.beforeEach(async ({ page }) => {
    await dismissContactPopup(page);
    await page.setViewportSize(DESKTOP);
  });

  test('shows the latest jobs, 9 a page, with the count and the range', async ({ page, request }) => {
    const all = await apiJobs(request, {});
    expect(all.total).toBeGreaterThan(18);
    await gotoHydrated(page, '/jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Latest Spa Jobs' })).toBeVisible();
    await expectShowing(page, all);
    await expect(page.getByLabel('City', { exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // The other two addresses show the same listing.
    for (const path of ['/jobs-india', '/all/jobs/filters']) {
      await page.goto(path);
      await expectShowing(page, all);
    }
  });

  test('typing a title sends one request after the pause, not one per key', async ({ page, request }) => {
    await gotoHydrated(page, '/jobs');
    await expect(cards(page)).toHaveCount(9);
    const seen = countListRequests(page);
    const expected = await apiJobs(request, { q: 'therapist' });

    const response = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/spajobs' && r.url().includes('q=therapist'),
    );
    await page.getByLabel('Job title', { exact: true }).pressSequentially('therapist', { delay: 40 });
    await response;
    await expectShowing(page, expected);
    // Give a stray late request every chance to show up before counting.
    await page.waitForTimeout(800);
    expect(seen.urls).toEqual([expect.stringContaining('q=therapist')]);
    await expect(page).toHaveURL(/[?&]q=therapist(&|$)/);
    // The box finds the word in the title, the description or the spa's name.
    for (const j of expected.data) {
      expect(`${j.title} ${j.description} ${j.spa.name}`.toLowerCase()).toContain('therapist');
    }
  });

  test('each filter alone matches the server, and shows a chip', async ({ page, request }) => {
    const first = (await apiJobs(request, {})).data[0]!;
    const spaWord = first.spa.name.split(/[ ,]/)[0]!;

    // Spa name
    await gotoHydrated(page, '/jobs');
    await page.getByLabel('Spa name', { exact: true }).fill(spaWord);
    await expectShowing(page, await apiJobs(request, { spa: spaWord }));
    await expect(page.getByRole('button', { name: `Remove filter Spa name: ${spaWord}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`spa=${spaWord}`));

    // Category
    await gotoHydrated(page, '/jobs');
    await page.getByLabel('Category', { exact: true }).selectOption(first.category);
    const byCategory = await apiJobs(request, { category: first.category });
    await expectShowing(page, byCategory);
    await expect(
      page.getByRole('button', { name: `Remove filter Category: ${first.category}` }),
    ).toBeVisible();

    // State, then city: the city is chosen from the state's cities and cleared when the state changes.
    await gotoHydrated(page, '/jobs');
    await page.getByLabel('State', { exact: true }).selectOption(first.state);
    await expectShowing(page, await apiJobs(request, { state: first.state }));
    const city = page.getByLabel('City', { exact: true });
    await expect(city).toBeEnabled();
    await city.selectOption(first.city);
    await expectShowing(page, await apiJobs(request, { state: first.state, city: first.city }));
    await expect(page.getByRole('button', { name: `Remove filter City: ${first.city}` })).toBeVisible();

    // Posted within the last 7 days: a quick choice, sent as the date it means (in India).
    const since = new Date(Date.now() + 5.5 * 3600_000 - 7 * 86_400_000).toISOString().slice(0, 10);
    await gotoHydrated(page, '/jobs');
    await page.getByLabel('Posted within', { exact: true }).selectOption({ label: 'Last 7 days' });
    const recent = await apiJobs(request, { postedDate: since });
    expect(recent.total).toBeLessThan((await apiJobs(request, {})).total);
    await expectShowing(page, recent);
    await expect(
      page.getByRole('button', { name: 'Remove filter Posted within: Last 7 days' }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`postedDate=${since}`));

    await page.goto(`/jobs?state=${encodeURIComponent(first.state)}&city=${encodeURIComponent(first.city)}`);
    const otherState = first.state === 'Karnataka' ? 'Maharashtra' : 'Karnataka';
    await page.getByLabel('State', { exact: true }).selectOption(otherState);
    await expect(city).toHaveValue('');
    await expect(page.getByRole('button', { name: /Remove filter City/ })).toHaveCount(0);
    await expectShowing(page, await apiJobs(request, { state: otherState }));
    await expect(page).not.toHaveURL(/city=/);
  });

  test('filters combine, chips remove one filter, and Reset All Filters clears them', async ({
    page,
    request,
  }) => {
    const all = await apiJobs(request, {});
    await gotoHydrated(page, '/jobs');
    await page.getByLabel('State', { exact: true }).selectOption('Maharashtra');
    await page.getByLabel('City', { exact: true }).selectOption('Mumbai');
    await page.getByLabel('Category', { exact: true }).selectOption('Therapist');
    await page.getByLabel('Job title', { exact: true }).fill('therapist');
    const combined = await apiJobs(request, {
      state: 'Maharashtra',
      city: 'Mumbai',
      category: 'Therapist',
      q: 'therapist',
    });
    expect(combined.total).toBeGreaterThan(0);
    await expectShowing(page, combined);
    for (const c of await cards(page).allTextContents()) {
      expect(c).toContain('Mumbai');
      expect(c).toContain('Therapist');
    }
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('button');
    await expect(chips).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Remove filter Job title: therapist' }).click();
    await expect(chips).toHaveCount(3);
    await expect(page.getByLabel('Job title', { exact: true })).toHaveValue('');
    await expectShowing(
      page,
      await apiJobs(request, { state: 'Maharashtra', city: 'Mumbai', category: 'Therapist' }),
    );

    await page.getByRole('button', { name: 'Reset All Filters' }).first().click();
    await expect(chips).toHaveCount(0);
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('');
    await expectShowing(page, all);
    expect(new URL(page.url()).search).toBe('');
  });

  test('pages through the results and keeps the page on reload', async ({ page, request }) => {
    const all = await apiJobs(request, {});
    const second = await apiJobs(request, { page: 2 });
    await gotoHydrated(page, '/jobs');
    await expectShowing(page, all);
    await page.getByRole('navigation', { name: 'Job pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expectShowing(page, second, 2);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.reload();
    await expectShowing(page, second, 2);

    await page.getByRole('button', { name: 'Next' }).click();
    await expectShowing(page, await apiJobs(request, { page: 3 }), 3);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectShowing(page, second, 2);
  });

  test('a shared link restores every filter and the page', async ({ page, request }) => {
    const query = { state: 'Maharashtra', city: 'Mumbai', page: 2 };
    const expected = await apiJobs(request, query);
    expect(expected.pages).toBeGreaterThanOrEqual(2);
    await gotoHydrated(page, '/jobs?state=Maharashtra&city=Mumbai&title=&page=2');
    await expectShowing(page, expected, 2);
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('Maharashtra');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Mumbai');
    await page.reload();
    await expectShowing(page, expected, 2);
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Mumbai');
  });

  test('a summary tile link (/jobs?city=Mumbai) lands on the filtered listing', async ({ page, request }) => {
    const expected = await apiJobs(request, { city: 'Mumbai' });
    await gotoHydrated(page, '/jobs?city=Mumbai');
    await expectShowing(page, expected);
    await expect(page.getByRole('button', { name: 'Remove filter City: Mumbai' })).toBeVisible();
    for (const c of await cards(page).allTextContents()) expect(c).toContain('Mumbai');

    const byCategory = await apiJobs(request, { category: 'Ayurveda' });
    await gotoHydrated(page, '/jobs?category=Ayurveda');
    await expectShowing(page, byCategory);
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Ayurveda');
  });

  test('a city tile on the home page opens the listing for that city', async ({ page, request }) => {
    await page.goto('/');
    const tile = page.locator('a[href^="/jobs?city="]').first();
    await expect(tile).toBeVisible();
    const city = new URL(`http://x${await tile.getAttribute('href')}`).searchParams.get('city')!;
    const expected = await apiJobs(request, { city });
    await tile.click();
    await expect(page).toHaveURL(/\/jobs\?city=/);
    await expectShowing(page, expected);
    await expect(page.getByRole('button', { name: `Remove filter City: ${city}` })).toBeVisible();
    for (const c of await cards(page).allTextContents()) expect(c).toContain(city);
  });

  test('no match shows the empty state, and Clear all filters brings every job back', async ({
    page,
    request,
  }) => {
    const all = await apiJobs(request, {});
    await gotoHydrated(page, '/jobs?q=zzqx-no-such-job');
    await expect(page.getByRole('heading', { name: 'No jobs match your filters' })).toBeVisible();
    await expect(countHeading(page)).toHaveText('0 jobs found');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expectShowing(page, all);
    await expect(page.getByLabel('Job title', { exact: true })).toHaveValue('');
  });

  test('a failed load shows the error, and Try Again recovers', async ({ page, request }) => {
    const all = await apiJobs(request, {});
    await page.goto('/about');
    await page.route('**/api/v1/spajobs?**', (route) => route.abort('connectionrefused'));
    await navigateInApp(page, '/jobs');
    await expect(page.getByRole('heading', { name: 'Unable to Load Jobs' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Network error. Please check your connection and try again.')).toBeVisible();
    await page.unroute('**/api/v1/spajobs?**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expectShowing(page, all);
  });

  test('on a phone the filters open in a drawer that Escape closes', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, '/jobs');
    await expect(cards(page)).toHaveCount(9);
    const open = page.getByRole('button', { name: /^Filters/ });
    await expect(page.getByLabel('Category', { exact: true })).toHaveCount(0);
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Filter Jobs' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await drawer.getByLabel('Category', { exact: true }).selectOption('Ayurveda');
    const expected = await apiJobs(request, { category: 'Ayurveda' });
    await expect(drawer.getByRole('button', { name: `Show results (${fmt(expected.total)})` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    await expectShowing(page, expected);
    await expect(open).toContainText('1');

    // The chip row and the rest of the page fit the phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
