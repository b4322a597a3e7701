import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  dismissContactPopup,
  expectNoSeriousA11yViolations,
  gotoHydrated,
} from './support.js';

/** The count line: what is shown when there are more spas than cards, else how many were found. */
function nearbyCount(api: { count: number; data: unknown[] }, km: number): string {
  if (api.count > api.data.length) {
    return `Showing ${api.data.length} of ${api.count.toLocaleString('en-IN')} spas within ${km} km`;
  }
  return api.count === 1 ? `1 spa found within ${km} km` : `${api.count} spas found within ${km} km`;
}
import { startSpareServer, type SpareServer } from './spare-server.js';

const MUMBAI = { latitude: 19.076, longitude: 72.8777 };
// About 40 km north of Mumbai: no spa within 10 km, some within 50 km.
const OUTSKIRTS = { latitude: 19.45, longitude: 72.88 };
const DENIED_TEXT =
  "We couldn't access your location. Please enable location services in your browser and try again.";

const nearby = (page: Page) => page.getByRole('region', { name: 'Spas Near You' });
const recent = (page: Page) => page.getByRole('region', { name: 'Recent Jobs' });
const summary = (page: Page) => page.getByRole('region', { name: 'Browse Jobs' });

async function distancesOn(page: Page): Promise<number[]> {
  const badges = await nearby(page)
    .getByText(/km away$/)
    .allTextContents();
  return badges.map((b) => Number.parseFloat(b));
}

test.beforeEach(async ({ page }) => {
  await dismissContactPopup(page);
});

test.describe('nearby spas with location granted', () => {
  test.use({ geolocation: MUMBAI, permissions: ['geolocation'] });

  test('finds spas near Mumbai within 10 km, names the city and changes with the radius', async ({
    page,
    request,
  }) => {
    const api = await (
      await request.get(
        `/api/v1/spas/nearspa?lat=${MUMBAI.latitude}&lng=${MUMBAI.longitude}&radius=10&limit=6`,
      )
    ).json();
    expect(api.count).toBeGreaterThan(0);

    await gotoHydrated(page, '/');
    const block = nearby(page);
    await expect(block.getByText('Near Mumbai, Maharashtra')).toBeVisible();
    const radius = block.getByLabel('Radius');
    await expect(radius).toHaveValue('10');
    await expect(radius.locator('option')).toHaveText(['5 km', '10 km', '20 km', '50 km', '100 km']);
    await expect(block.getByText(nearbyCount(api, 10), { exact: true })).toBeVisible();
    await expect(block.getByRole('article')).toHaveCount(api.data.length);
    await expect(block.getByRole('heading', { level: 3 }).first()).toHaveText(api.data[0].name);
    const d10 = await distancesOn(page);
    expect(d10.length).toBe(api.data.length);
    expect(Math.max(...d10)).toBeLessThanOrEqual(10);
    expect([...d10].sort((a, b) => a - b)).toEqual(d10);
    await expect(block.getByRole('button', { name: 'Update Location' })).toBeVisible();

    const api20 = await (
      await request.get(
        `/api/v1/spas/nearspa?lat=${MUMBAI.latitude}&lng=${MUMBAI.longitude}&radius=20&limit=6`,
      )
    ).json();
    await radius.selectOption('20');
    await expect(block.getByText(nearbyCount(api20, 20), { exact: true })).toBeVisible();
    await expect(block.getByRole('article')).toHaveCount(api20.data.length);
    expect(api20.count).toBeGreaterThanOrEqual(api.count);
    expect(Math.max(...(await distancesOn(page)))).toBeLessThanOrEqual(20);
  });

  test('a spa card shows its details and opens the spa', async ({ page, request }) => {
    const api = await (
      await request.get(
        `/api/v1/spas/nearspa?lat=${MUMBAI.latitude}&lng=${MUMBAI.longitude}&radius=10&limit=6`,
      )
    ).json();
    const spa = api.data[0];
    await gotoHydrated(page, '/');
    const card = nearby(page)
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: spa.name }) });
    await expect(card.getByRole('img', { name: `Rated ${spa.rating.toFixed(1)} out of 5` })).toBeVisible();
    await expect(card.getByText(`(${spa.reviews} reviews)`)).toBeVisible();
    await expect(card.getByText(spa.category, { exact: true })).toBeVisible();
    await expect(card.getByText(spa.fullAddress)).toBeVisible();
    const jobsLabel =
      spa.openJobs === 0 ? 'No open jobs' : spa.openJobs === 1 ? '1 Job open' : `${spa.openJobs} Jobs open`;
    await expect(card.getByText(jobsLabel)).toBeVisible();
    await expect(card.getByRole('link', { name: `Directions to ${spa.name}` })).toHaveAttribute(
      'href',
      spa.direction,
    );
    if (spa.logo) {
      const logo = card.getByRole('img', { name: `${spa.name} logo` });
      await expect(logo).toHaveAttribute('loading', 'lazy');
      await expect(logo).toHaveAttribute('width', /\d+/);
    } else {
      await expect(card.getByRole('img', { name: 'No Image' })).toBeVisible();
    }
    await card.getByRole('link', { name: spa.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/spa/${spa._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: spa.name })).toBeVisible();
  });

  test('Share copies the link when native sharing is missing, and says so when nothing works', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation', 'clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await gotoHydrated(page, '/');
    const card = nearby(page).getByRole('article').first();
    const name = await card.getByRole('heading').textContent();
    const href = await card.getByRole('link', { name: name!, exact: true }).getAttribute('href');
    // Alerts are answered as they open (a synchronous alert would otherwise hold the click).
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await card.getByRole('button', { name: `Share ${name}` }).click();
    await expect.poll(() => alerts).toEqual(['Link copied to clipboard!']);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(href!, page.url()).href);

    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await page.reload();
    await nearby(page)
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^Share / })
      .click();
    await expect
      .poll(() => alerts)
      .toEqual(['Link copied to clipboard!', 'Sharing is not supported in your browser.']);
  });

  test('"No spas found nearby" offers a radius and Search Again', async ({ page, context, request }) => {
    const at = (r: number) =>
      request
        .get(`/api/v1/spas/nearspa?lat=${OUTSKIRTS.latitude}&lng=${OUTSKIRTS.longitude}&radius=${r}&limit=6`)
        .then((res) => res.json());
    expect((await at(10)).count).toBe(0);
    const wide = await at(50);
    expect(wide.count).toBeGreaterThan(0);

    await context.setGeolocation(OUTSKIRTS);
    await gotoHydrated(page, '/');
    const block = nearby(page);
    await expect(block.getByRole('heading', { name: 'No spas found nearby' })).toBeVisible();
    await block.getByRole('combobox', { name: 'Radius' }).selectOption('50');
    await block.getByRole('button', { name: 'Search Again' }).click();
    await expect(block.getByText(nearbyCount(wide, 50), { exact: true })).toBeVisible();
    await expect(block.getByRole('article')).toHaveCount(wide.data.length);
  });

  test('Update Location looks again and follows the new position', async ({ page, context }) => {
    await gotoHydrated(page, '/');
    const block = nearby(page);
    await expect(block.getByText('Near Mumbai, Maharashtra')).toBeVisible();
    await context.setGeolocation({ latitude: 12.9716, longitude: 77.5946 });
    await block.getByRole('button', { name: 'Update Location' }).click();
    await expect(block.getByText('Near Bengaluru, Karnataka')).toBeVisible();
    await expect(block.getByText(/Bengaluru/).first()).toBeVisible();
  });

  test('no serious accessibility violations on home, at phone and desktop widths', async ({ page }) => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await gotoHydrated(page, '/');
      await expect(nearby(page).getByText(/spas? (found )?within/)).toBeVisible();
      await expect(recent(page).getByRole('article').first()).toBeVisible();
      await expect(summary(page).getByRole('link').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe('nearby spas with location denied', () => {
  test('shows the denied panel, falls back to all spas, and Try Again uses a granted location', async ({
    page,
    context,
    request,
  }) => {
    const all = await (await request.get('/api/v1/spas/spaall?page=1&limit=6')).json();
    await gotoHydrated(page, '/home');
    const block = nearby(page);
    const panel = block.getByRole('alert');
    await expect(panel.getByRole('heading', { name: 'Location access denied' })).toBeVisible();
    await expect(panel.getByText(DENIED_TEXT)).toBeVisible();
    await expect(panel.getByText('Reason: Permission denied')).toBeVisible();
    await expect(
      block.getByText(`Showing ${all.data.length} of ${all.total.toLocaleString('en-IN')} spas`),
    ).toBeVisible();
    await expect(block.getByRole('article')).toHaveCount(all.data.length);
    await expect(block.getByRole('button', { name: 'Use My Location' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(MUMBAI);
    await panel.getByRole('button', { name: 'Try Again' }).click();
    await expect(block.getByText('Near Mumbai, Maharashtra')).toBeVisible();
    await expect(block.getByText(/spas? (found )?within 10 km/)).toBeVisible();
    await expect(block.getByRole('heading', { name: 'Location access denied' })).toBeHidden();
  });
});

test.describe('recent jobs and job summary', () => {
  test('recent jobs: skeletons while loading, then nine job cards, the total and View All Jobs', async ({
    page,
    request,
  }) => {
    const api = await (await request.get('/api/v1/spajobs/recent?limit=9&page=1')).json();
    // Hold the answer so the loading state can be seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/spajobs/recent**', async (route) => {
      await held;
      await route.continue();
    });
    // The first HTML carries the jobs (rendered on the server); the loading state shows when home is
    // reached inside the app.
    await gotoHydrated(page, '/about');
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).first().click();
    const block = recent(page);
    await expect(block.locator('ul[aria-busy="true"] > li')).toHaveCount(9);
    release();
    await expect(block.getByRole('article')).toHaveCount(api.data.length);
    await expect(block.locator('ul[aria-busy="true"]')).toHaveCount(0);
    await expect(block.getByText(`${api.count.toLocaleString('en-IN')} open jobs`)).toBeVisible();
    await expect(block.getByRole('heading', { level: 3 }).first()).toHaveText(api.data[0].title);
    await block.getByRole('link', { name: 'View All Jobs' }).last().click();
    await expect(page).toHaveURL(/\/jobs$/);
  });

  test('a recent job card opens the job', async ({ page, request }) => {
    const api = await (await request.get('/api/v1/spajobs/recent?limit=9&page=1')).json();
    await gotoHydrated(page, '/');
    await recent(page).getByRole('link', { name: api.data[0].title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/job/${api.data[0]._id}$`));
  });

  test('summary tiles go to the job listing filtered by city, state, category, and city with state', async ({
    page,
    request,
  }) => {
    const api = await (await request.get('/api/v1/spajobs/summary/all-stats')).json();
    await gotoHydrated(page, '/');
    const block = summary(page);
    const city = api.byCity[0];
    const byCity = block.getByRole('group', { name: 'Jobs by City' });
    await expect(byCity.getByRole('link', { name: `${city.city} ${city.totalJobs} jobs` })).toBeVisible();
    await byCity.getByRole('link', { name: new RegExp(`^${city.city} `) }).click();
    await expect(page).toHaveURL(`/jobs?city=${encodeURIComponent(city.city)}`);

    await gotoHydrated(page, '/');
    const state = api.byState[0];
    await summary(page)
      .getByRole('group', { name: 'Jobs by State' })
      .getByRole('link', { name: new RegExp(`^${state.state} `) })
      .click();
    await expect(page).toHaveURL(`/jobs?state=${encodeURIComponent(state.state).replace(/%20/g, '+')}`);

    await gotoHydrated(page, '/');
    const cat = api.byCategory[0];
    await summary(page)
      .getByRole('group', { name: 'Jobs by Category' })
      .getByRole('link', { name: new RegExp(`^${cat.category.replace(/[&]/g, '\\&')} `) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/jobs\\?category=`));
    expect(new URL(page.url()).searchParams.get('category')).toBe(cat.category);

    await gotoHydrated(page, '/');
    const cs = api.byCityState[0];
    const group = summary(page).getByRole('group', { name: 'Jobs by City and State' });
    const chips = group.getByRole('list', { name: `Categories in ${cs.city}` }).first();
    await expect(chips.getByRole('link')).toHaveText(cs.categories);
    await chips.getByRole('link', { name: cs.categories[0] }).click();
    await page.waitForURL(/\/jobs\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/jobs');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: cs.state,
      city: cs.city,
      category: cs.categories[0],
    });

    await gotoHydrated(page, '/');
    await summary(page)
      .getByRole('group', { name: 'Jobs by City and State' })
      .getByRole('link', { name: `${cs.city}, ${cs.state}` })
      .click();
    await page.waitForURL(/\/jobs\?/);
    const url2 = new URL(page.url());
    expect(Object.fromEntries(url2.searchParams)).toEqual({ state: cs.state, city: cs.city });
  });
});

test.describe('home when there is nothing to show', () => {
  let spare: SpareServer;
  test.beforeAll(async () => {
    spare = await startSpareServer(Number(process.env.E2E_PORT ?? 3100) + 902, { broken: false });
  });
  test.afterAll(async () => {
    await spare?.stop();
  });
  test.use({ geolocation: MUMBAI, permissions: ['geolocation'] });

  test('"No Jobs Found" and "No spas found nearby" on an empty board', async ({ page }) => {
    await gotoHydrated(page, `${spare.baseURL}/`);
    await expect(recent(page).getByRole('heading', { name: 'No Jobs Found' })).toBeVisible();
    await expect(nearby(page).getByRole('heading', { name: 'No spas found nearby' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('home when the server fails', () => {
  let spare: SpareServer;
  test.beforeAll(async () => {
    spare = await startSpareServer(Number(process.env.E2E_PORT ?? 3100) + 903, { broken: true });
  });
  test.afterAll(async () => {
    await spare?.stop();
  });

  test('recent jobs, job summary and the all-spas fallback show their errors with retry', async ({
    page,
  }) => {
    await gotoHydrated(page, `${spare.baseURL}/`);
    const jobs = recent(page);
    await expect(jobs.getByRole('heading', { name: 'Unable to Load Jobs' })).toBeVisible();
    await expect(jobs.getByText('Server error. Please try again later.')).toBeVisible();
    await expect(jobs.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(summary(page).getByRole('heading', { name: 'Failed to load job summary.' })).toBeVisible();
    const spas = nearby(page);
    await expect(spas.getByRole('heading', { name: 'Location access denied' })).toBeVisible();
    await expect(spas.getByRole('heading', { name: 'Failed to fetch spas' })).toBeVisible();
    await expect(spas.getByText('Failed to load spas. Please try again.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('nearby spas show the error with retry when the search fails', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(MUMBAI);
    await gotoHydrated(page, `${spare.baseURL}/`);
    const spas = nearby(page);
    await expect(spas.getByText('Near Mumbai, Maharashtra')).toBeVisible();
    await expect(spas.getByRole('heading', { name: 'Failed to fetch spas' })).toBeVisible();
    await expect(spas.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
