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

interface Spa {
  _id: string;
  name: string;
  category: string;
  logo: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  fullAddress: string;
  rating: number;
  reviews: number;
  direction: string | null;
  googleMap: string | null;
  galleryImages: string[];
  openingHours: string | null;
  closingHours: string | null;
  location: { coordinates: [number, number] };
}

/** A spa with a logo, a website, at least four photos and open jobs, with its details. */
async function richSpa(
  request: APIRequestContext,
): Promise<{ spa: Spa; jobs: { _id: string; title: string }[] }> {
  const list = (await (await request.get('/api/v1/spas/search?limit=100')).json()) as {
    data: Spa[] & { openJobs: number }[];
  };
  const pick = (list.data as (Spa & { openJobs: number })[]).find(
    (s) => s.website && s.logo && s.galleryImages.length >= 4 && s.openJobs >= 2,
  );
  expect(pick).toBeTruthy();
  return (await (await request.get(`/api/v1/spas/spa/${pick!._id}/details`)).json()) as {
    spa: Spa;
    jobs: { _id: string; title: string }[];
  };
}

const track = (page: Page) => page.getByTestId('carousel-track');
const start = (page: Page) => track(page).getAttribute('data-start');
const visibleSlides = (page: Page) => track(page).locator('li[aria-hidden="false"]');

test.beforeEach(async ({ page }) => {
  await dismissContactPopup(page);
  // The map comes from outside; the test machine has no internet.
  await page.route('https://www.openstreetmap.org/**', (route) =>
    route.fulfill({ body: '<html><title>Map</title></html>', contentType: 'text/html' }),
  );
});

test('shows the spa: logo, name, rating, phone, address, e-mail, hours, website and directions', async ({
  page,
  request,
}) => {
  const { spa } = await richSpa(request);
  await page.goto(`/spa/${spa._id}`);
  await expect(page.getByRole('heading', { level: 1, name: spa.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${spa.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`));
  await expect(page.getByRole('img', { name: `${spa.name} logo` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Rated ${spa.rating.toFixed(1)} out of 5` })).toBeVisible();
  await expect(page.getByText(`(${spa.reviews} reviews)`)).toBeVisible();
  await expect(page.getByRole('link', { name: spa.phone! })).toHaveAttribute(
    'href',
    `tel:+91${spa.phone!.replace(/\D/g, '').slice(-10)}`,
  );
  await expect(page.getByRole('link', { name: spa.email! })).toHaveAttribute('href', `mailto:${spa.email}`);
  await expect(page.getByText(spa.fullAddress)).toBeVisible();
  await expect(page.getByText(`Opens ${spa.openingHours} · Closes ${spa.closingHours}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit Website' })).toHaveAttribute('href', spa.website!);
  await expect(page.getByRole('link', { name: 'Get Directions' })).toHaveAttribute('href', spa.direction!);
});

test("lists the spa's jobs as job cards that open the job", async ({ page, request }) => {
  const { spa, jobs } = await richSpa(request);
  // The app's own link (a tap while it is still taking the page over is e2e/ssr.spec.ts's).
  await gotoHydrated(page, `/spa/${spa._id}`);
  const section = page.getByRole('region', { name: `Jobs at ${spa.name}` });
  await expect(section.getByRole('article')).toHaveCount(jobs.length);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(jobs.map((j) => j.title));
  const job = jobs[0]!;
  await section.getByRole('link', { name: job.title }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${job._id}$`));
});

test('embeds a titled map built from the coordinates, or says the map is not available', async ({
  page,
  request,
}) => {
  const { spa } = await richSpa(request);
  expect(spa.googleMap).toBeNull();
  await page.goto(`/spa/${spa._id}`);
  const map = page.locator(`iframe[title="Map showing ${spa.name}"]`);
  await expect(map).toHaveAttribute('src', /openstreetmap\.org\/export\/embed\.html/);
  const [lng, lat] = spa.location.coordinates;
  await expect(map).toHaveAttribute('src', new RegExp(`marker=${lat.toFixed(5)},${lng.toFixed(5)}`));

  // The demo data always has coordinates; an answer without them is made up here.
  await page.route(`**/api/v1/spas/spa/${spa._id}/details`, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.spa.location.coordinates = [0, 0];
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/about');
  await navigateInApp(page, `/spa/${spa._id}`);
  await expect(page.getByRole('heading', { level: 1, name: spa.name })).toBeVisible();
  await expect(page.getByText('Map location not available')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test.describe('the gallery carousel', () => {
  test('shows 3, 2 or 1 photos by width, plays every 3 seconds, loops, and pauses on hover and focus', async ({
    page,
    request,
  }) => {
    const { spa } = await richSpa(request);
    const n = spa.galleryImages.length;
    await page.clock.install();
    await page.setViewportSize(DESKTOP);
    await page.goto(`/spa/${spa._id}`);
    const gallery = page.getByRole('region', { name: 'Gallery' });
    await expect(gallery).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(visibleSlides(page)).toHaveCount(3);
    await expect(track(page)).toHaveCSS('transition-duration', '0.8s');
    const img = track(page).locator('img').first();
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);

    await page.setViewportSize({ width: 800, height: 800 });
    await expect(visibleSlides(page)).toHaveCount(2);
    await page.setViewportSize({ width: 500, height: 800 });
    await expect(visibleSlides(page)).toHaveCount(1);
    await page.setViewportSize({ width: 400, height: 800 });
    await expect(visibleSlides(page)).toHaveCount(1);
    await page.setViewportSize(DESKTOP);
    await expect(visibleSlides(page)).toHaveCount(3);

    // Autoplay: one step every 3 s, back to the first after the last position.
    expect(await start(page)).toBe('0');
    await page.mouse.move(0, 0);
    await page.clock.runFor(3000);
    await expect(track(page)).toHaveAttribute('data-start', '1');
    await page.clock.runFor(3000 * (n - 3 - 1));
    await expect(track(page)).toHaveAttribute('data-start', String(n - 3));
    await page.clock.runFor(3000);
    await expect(track(page)).toHaveAttribute('data-start', '0');

    // Hovering holds it.
    await gallery.hover();
    await page.clock.runFor(9000);
    await expect(track(page)).toHaveAttribute('data-start', '0');
    await page.mouse.move(0, 0);
    await page.clock.runFor(3000);
    await expect(track(page)).toHaveAttribute('data-start', '1');

    // Keyboard focus holds it too; the buttons move it.
    await gallery.getByRole('button', { name: 'Next image' }).focus();
    await page.keyboard.press('Enter');
    await expect(track(page)).toHaveAttribute('data-start', '2');
    await page.clock.runFor(9000);
    await expect(track(page)).toHaveAttribute('data-start', '2');
    await gallery.getByRole('button', { name: 'Previous image' }).click();
    await expect(track(page)).toHaveAttribute('data-start', '1');
  });

  test('stays still when the visitor prefers reduced motion', async ({ page, request }) => {
    const { spa } = await richSpa(request);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(`/spa/${spa._id}`);
    await expect(visibleSlides(page)).toHaveCount(3);
    await expect(track(page)).toHaveCSS('transition-duration', '0s');
    await page.mouse.move(0, 0);
    await page.clock.runFor(9000);
    await expect(track(page)).toHaveAttribute('data-start', '0');
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(track(page)).toHaveAttribute('data-start', '1');
  });

  test('the pause button stops and restarts it', async ({ page, request }) => {
    const { spa } = await richSpa(request);
    await page.clock.install();
    await page.setViewportSize(DESKTOP);
    await page.goto(`/spa/${spa._id}`);
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await page.clock.runFor(9000);
    await expect(track(page)).toHaveAttribute('data-start', '0');
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    await page.clock.runFor(3000);
    await expect(track(page)).toHaveAttribute('data-start', '1');
  });

  test('a photo opens full size in a dialog that Escape closes, returning focus', async ({
    page,
    request,
  }) => {
    const { spa } = await richSpa(request);
    const n = spa.galleryImages.length;
    await page.setViewportSize(PHONE);
    await page.goto(`/spa/${spa._id}`);
    const opener = page.getByRole('button', { name: `Open image 1 of ${n} full size` });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `${spa.name}, photo 1 of ${n}` });
    await expect(dialog).toBeVisible();
    const full = dialog.getByRole('img', { name: `${spa.name}, photo 1` });
    await expect(full).toHaveAttribute('src', spa.galleryImages[0]!);
    await expect.poll(() => full.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(page.getByRole('dialog', { name: `${spa.name}, photo 2 of ${n}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();

    await opener.press('Enter');
    await expect(dialog).toBeVisible();
    await page.getByRole('button', { name: 'Close image' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

test('a spa card on the search page opens the spa page', async ({ page }) => {
  await page.goto('/spas');
  const first = page.getByRole('main').getByRole('article').first();
  const name = (await first.getByRole('heading').textContent())!;
  await first.getByRole('heading').click();
  await expect(page).toHaveURL(/\/spa\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: 'All spas' }).click();
  await expect(page).toHaveURL(/\/spas$/);
});

test('shows a loading state while the spa loads', async ({ page, request }) => {
  const { spa } = await richSpa(request);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/v1/spas/spa/${spa._id}/details`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/about');
  await navigateInApp(page, `/spa/${spa._id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading spa details...' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { level: 1, name: spa.name })).toBeVisible();
});

test('an unknown spa shows Spa Not Found', async ({ page }) => {
  await page.goto('/spa/99999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Spa Not Found' })).toBeVisible();
  await expect(page.getByText("The spa you're looking for doesn't exist or has been removed.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Browse Spas' }).click();
  await expect(page).toHaveURL(/\/spas$/);
});

test('no serious accessibility violations at phone and desktop widths', async ({ page, request }) => {
  const { spa } = await richSpa(request);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto(`/spa/${spa._id}`);
    await expect(page.getByRole('heading', { level: 1, name: spa.name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test.describe('when the server fails', () => {
  let spare: SpareServer;
  test.beforeAll(async () => {
    spare = await startSpareServer(Number(process.env.E2E_PORT ?? 3100) + 905, { broken: true });
  });
  test.afterAll(async () => {
    await spare?.stop();
  });

  test('shows the error with Try Again', async ({ page }) => {
    // The server writes a spa's head tags into the first HTML of /spa/{id}, which fails along
    // with its database, so the page is reached by navigating inside the app.
    await page.goto(`${spare.baseURL}/about`);
    await page.evaluate(() => {
      history.pushState({}, '', '/spa/1');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/spa\/1$/);
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert.getByText('Failed to load spa or job details.')).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
