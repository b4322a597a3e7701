import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  dismissContactPopup,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  navigateInApp,
} from './support.js';
import { startSpareServer, type SpareServer } from './spare-server.js';

const MUMBAI = { latitude: 19.076, longitude: 72.8777 };

interface SpaList {
  data: { _id: string; name: string; city: string; state: string; distance?: number }[];
  total: number;
  pages: number;
}

async function search(request: APIRequestContext, query: Record<string, string | number>): Promise<SpaList> {
  const qs = new URLSearchParams(Object.entries({ limit: 12, ...query }).map(([k, v]) => [k, String(v)]));
  const res = await request.get(`/api/v1/spas/search?${qs}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as SpaList;
}

const results = (page: Page) => page.getByRole('main').getByRole('article');
const cardNames = (page: Page) => results(page).getByRole('heading', { level: 2 }).allTextContents();
const filters = (page: Page) => page.getByRole('search', { name: 'Filters' });
const applied = (page: Page) => page.getByRole('region', { name: 'Filters applied' });
const found = (total: number) => (total === 1 ? '1 spa found' : `${total} spas found`);

test.beforeEach(async ({ page }) => {
  await dismissContactPopup(page);
});

test('lists every spa, 12 a page, with city and radius disabled until a state and a location', async ({
  page,
  request,
}) => {
  const all = await search(request, { page: 1 });
  await gotoHydrated(page, '/spas');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Spas Jobs' })).toBeVisible();
  await expect(page.getByText(found(all.total))).toBeVisible();
  await expect(page.getByText(`Page 1 of ${all.pages}`)).toBeVisible();
  await expect(results(page)).toHaveCount(12);
  expect(await cardNames(page)).toEqual(all.data.map((s) => s.name));
  await expect(filters(page).getByLabel('City')).toBeDisabled();
  await expect(filters(page).getByLabel('Radius')).toBeDisabled();
  await expect(filters(page).getByText('Allow location access to filter by distance.')).toBeVisible();
  await expect(applied(page)).toBeHidden();
});

test('the name filter searches as one types and goes into the query string', async ({ page, request }) => {
  const expected = await search(request, { name: 'Bliss' });
  expect(expected.total).toBeGreaterThan(0);
  await gotoHydrated(page, '/spas');
  await filters(page).getByLabel('Spa name').fill('Bliss');
  await expect(page).toHaveURL(/\/spas\?name=Bliss$/);
  await expect(page.getByText(found(expected.total))).toBeVisible();
  const names = await cardNames(page);
  expect(names).toEqual(expected.data.map((s) => s.name));
  for (const n of names) expect(n.toLowerCase()).toContain('bliss');
  await expect(applied(page).getByText('Name: Bliss')).toBeVisible();
});

test('state then city narrow the list; changing the state clears the city', async ({ page, request }) => {
  const cities = (await (
    await request.get('/api/v1/spas/locations/cities?state=Maharashtra')
  ).json()) as string[];
  expect(cities).toContain('Mumbai');
  const inState = await search(request, { state: 'Maharashtra' });
  const inCity = await search(request, { state: 'Maharashtra', city: 'Mumbai' });

  await gotoHydrated(page, '/spas');
  const bar = filters(page);
  await bar.getByLabel('State').selectOption('Maharashtra');
  await expect(page).toHaveURL(/\/spas\?state=Maharashtra$/);
  await expect(page.getByText(found(inState.total))).toBeVisible();
  await expect(bar.getByLabel('City')).toBeEnabled();
  await expect(bar.getByLabel('City').locator('option')).toHaveText(['All cities', ...cities]);

  await bar.getByLabel('City').selectOption('Mumbai');
  await expect(page).toHaveURL(/\/spas\?state=Maharashtra&city=Mumbai$/);
  await expect(page.getByText(found(inCity.total))).toBeVisible();
  expect(await cardNames(page)).toEqual(inCity.data.map((s) => s.name));
  await expect(applied(page).getByText('City: Mumbai')).toBeVisible();

  await bar.getByLabel('State').selectOption('Goa');
  await expect(page).toHaveURL(/\/spas\?state=Goa$/);
  await expect(bar.getByLabel('City')).toHaveValue('');
  await expect(applied(page).getByText('City: Mumbai')).toBeHidden();
  const inGoa = await search(request, { state: 'Goa' });
  await expect(page.getByText(found(inGoa.total))).toBeVisible();
});

test('filters combine, chips remove one filter, Clear all and Reset remove them all', async ({
  page,
  request,
}) => {
  const combined = await search(request, { name: 'Spa', state: 'Maharashtra', city: 'Mumbai' });
  const nameAndState = await search(request, { name: 'Spa', state: 'Maharashtra' });
  const all = await search(request, {});
  await gotoHydrated(page, '/spas');
  const bar = filters(page);
  await bar.getByLabel('Spa name').fill('Spa');
  await expect(page).toHaveURL(/name=Spa/);
  await bar.getByLabel('State').selectOption('Maharashtra');
  await bar.getByLabel('City').selectOption('Mumbai');
  await expect(page).toHaveURL(/\/spas\?name=Spa&state=Maharashtra&city=Mumbai$/);
  await expect(page.getByText(found(combined.total))).toBeVisible();
  expect(await cardNames(page)).toEqual(combined.data.map((s) => s.name));

  const strip = applied(page);
  await expect(strip.getByRole('listitem')).toHaveText(['Name: Spa', 'State: Maharashtra', 'City: Mumbai']);
  await strip.getByRole('button', { name: 'Remove filter City: Mumbai' }).click();
  await expect(page).toHaveURL(/\/spas\?name=Spa&state=Maharashtra$/);
  await expect(page.getByText(found(nameAndState.total))).toBeVisible();

  await strip.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/spas$/);
  await expect(page.getByText(found(all.total))).toBeVisible();
  await expect(bar.getByLabel('Spa name')).toHaveValue('');
  await expect(applied(page)).toBeHidden();

  await bar.getByLabel('Spa name').fill('Spa');
  await bar.getByLabel('State').selectOption('Goa');
  await expect(page).toHaveURL(/\/spas\?name=Spa&state=Goa$/);
  await bar.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/spas$/);
  await expect(bar.getByLabel('Spa name')).toHaveValue('');
  await expect(bar.getByLabel('State')).toHaveValue('');
  await expect(page.getByText(found(all.total))).toBeVisible();
});

test('an unmatched name shows the empty state with Clear all', async ({ page }) => {
  await gotoHydrated(page, '/spas?name=zzzz-no-such-spa');
  await expect(page.getByRole('heading', { name: 'No spas match your filters' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Clear all' }).last().click();
  await expect(page).toHaveURL(/\/spas$/);
  await expect(results(page)).toHaveCount(12);
});

test('pages: Previous and Next, numbers in a window of five with ellipses', async ({ page, request }) => {
  const all = await search(request, { page: 1 });
  expect(all.pages).toBeGreaterThan(12);
  const p2 = await search(request, { page: 2 });
  await gotoHydrated(page, '/spas');
  const pager = page.getByRole('navigation', { name: 'Spa result pages' });
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/spas\?page=2$/);
  await expect(page.getByText(`Page 2 of ${all.pages}`)).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(p2.data.map((s) => s.name));

  await gotoHydrated(page, '/spas?page=10');
  await expect(pager.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText([
    '1',
    '8',
    '9',
    '10',
    '11',
    '12',
    String(all.pages),
  ]);
  await expect(pager.getByText('…')).toHaveCount(2);

  await pager.getByRole('button', { name: `Page ${all.pages}` }).click();
  await expect(page).toHaveURL(new RegExp(`page=${all.pages}$`));
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${all.pages - 1}$`));
  // The back button returns to the page before.
  await page.goBack();
  await expect(pager.getByRole('button', { name: `Page ${all.pages}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a shared link or a reload restores the same filters and results', async ({ page, request }) => {
  const expected = await search(request, { name: 'Spa', state: 'Maharashtra', page: 2 });
  const url = '/spas?name=Spa&state=Maharashtra&page=2';
  await gotoHydrated(page, url);
  const bar = filters(page);
  await expect(bar.getByLabel('Spa name')).toHaveValue('Spa');
  await expect(bar.getByLabel('State')).toHaveValue('Maharashtra');
  await expect(page.getByText(found(expected.total))).toBeVisible();
  await expect.poll(() => cardNames(page)).toEqual(expected.data.map((s) => s.name));
  await page.reload();
  await expect(bar.getByLabel('Spa name')).toHaveValue('Spa');
  await expect(bar.getByLabel('State')).toHaveValue('Maharashtra');
  await expect(
    page.getByRole('navigation', { name: 'Spa result pages' }).getByRole('button', { name: 'Page 2' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => cardNames(page)).toEqual(expected.data.map((s) => s.name));
  expect(page.url()).toMatch(/\/spas\?name=Spa&state=Maharashtra&page=2$/);
});

test.describe('with location granted', () => {
  test.use({ geolocation: MUMBAI, permissions: ['geolocation'] });

  test('the radius filter finds spas within that distance, and is restored from the link', async ({
    page,
    request,
  }) => {
    const near = await search(request, { radius: 10, lat: MUMBAI.latitude, lng: MUMBAI.longitude });
    expect(near.total).toBeGreaterThan(0);
    await gotoHydrated(page, '/spas');
    const radius = filters(page).getByLabel('Radius');
    await expect(radius).toBeEnabled();
    await expect(radius.locator('option')).toHaveText([
      'Any distance',
      '5 km',
      '10 km',
      '20 km',
      '50 km',
      '100 km',
    ]);
    await radius.selectOption('10');
    await expect(page).toHaveURL(/\/spas\?radius=10$/);
    await expect(page.getByText(found(near.total))).toBeVisible();
    await expect.poll(() => cardNames(page)).toEqual(near.data.map((s) => s.name));
    const km = (
      await page
        .getByRole('main')
        .getByText(/km away$/)
        .allTextContents()
    ).map((t) => parseFloat(t));
    expect(Math.max(...km)).toBeLessThanOrEqual(10);
    await expect(applied(page).getByText('Within 10 km')).toBeVisible();

    await page.reload();
    await expect(radius).toHaveValue('10');
    await expect(page.getByText(found(near.total))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test('no serious accessibility violations at phone and desktop widths', async ({ page }) => {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await gotoHydrated(page, '/spas?state=Maharashtra');
    await expect(results(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test.describe('when the server fails', () => {
  let spare: SpareServer;
  test.beforeAll(async () => {
    spare = await startSpareServer(Number(process.env.E2E_PORT ?? 3100) + 904, { broken: true });
  });
  test.afterAll(async () => {
    await spare?.stop();
  });

  test('shows "Failed to fetch spas" with retry', async ({ page }) => {
    await gotoHydrated(page, `${spare.baseURL}/spas?name=Spa`);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Failed to fetch spas' })).toBeVisible();
    await expect(alert.getByText('Failed to load spas. Please try again.')).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('with a radius, says location filtering failed and offers to search without it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(MUMBAI);
    await gotoHydrated(page, `${spare.baseURL}/spas?radius=10`);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(
      alert.getByText('Failed to apply location filtering. Please try without radius filter.'),
    ).toBeVisible();
    await alert.getByRole('button', { name: 'Search without radius' }).click();
    await expect(page).toHaveURL(/\/spas$/);
    await expect(alert.getByText('Failed to load spas. Please try again.')).toBeVisible();
  });
});

test('without a connection, says to try again later, and Try Again loads the spas once it is back', async ({
  page,
}) => {
  // A lost connection cannot be provoked on the server side; the requests are cut here.
  await gotoHydrated(page, '/about');
  await page.route('**/api/v1/spas/search**', (route) => route.abort('internetdisconnected'));
  await navigateInApp(page, '/spas');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Failed to fetch spas' })).toBeVisible();
  await expect(alert.getByText('Failed to load spas. Please try again later.')).toBeVisible();
  await page.unroute('**/api/v1/spas/search**');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(results(page)).toHaveCount(12);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});
