import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, dismissContactPopup, PHONE } from './support.js';

interface Sample {
  jobId: string;
  jobTitle: string;
  spaId: string;
  spaName: string;
}

/** An open job and its spa, from the API. */
async function sample(page: Page): Promise<Sample> {
  const res = await page.request.get('/api/v1/spajobs/recent?limit=1');
  const job = (
    (await res.json()) as { data: { _id: string; title: string; spa: { _id: string; name: string } }[] }
  ).data[0]!;
  return { jobId: job._id, jobTitle: job.title, spaId: job.spa._id, spaName: job.spa.name };
}

/** Each public page, and what shows that its main content is there. */
const pages = (s: Sample): { url: string; check: (page: Page) => Promise<void> }[] => [
  {
    url: '/',
    check: async (page) => {
      await expect(page.getByRole('heading', { name: 'Recent Jobs' })).toBeVisible();
      await expect(page.getByRole('heading', { name: s.jobTitle }).first()).toBeVisible();
    },
  },
  {
    url: '/jobs',
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Latest Spa Jobs' })).toBeVisible();
      await expect(page.getByRole('heading', { name: s.jobTitle }).first()).toBeVisible();
    },
  },
  {
    url: `/job/${s.jobId}`,
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: s.jobTitle })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Job Description' })).toBeVisible();
    },
  },
  {
    url: '/spas',
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main article').first()).toBeVisible();
    },
  },
  {
    url: `/spa/${s.spaId}`,
    check: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: s.spaName })).toBeVisible();
    },
  },
  {
    url: '/about',
    check: async (page) => {
      await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    },
  },
  {
    url: '/contact',
    check: async (page) => {
      await expect(page.getByRole('heading', { name: 'Send us a message' })).toBeVisible();
    },
  },
];

test.describe('public pages arrive rendered', () => {
  test('each page shows its main content with JavaScript disabled', async ({ browser, page }) => {
    const s = await sample(page);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    for (const p of pages(s)) {
      const res = await noJs.goto(p.url);
      expect(res?.status(), p.url).toBe(200);
      await p.check(noJs);
    }
    const missing = await noJs.goto('/job/99999999');
    expect(missing?.status()).toBe(404);
    await expect(noJs.getByRole('heading', { name: 'Job Not Found' })).toBeVisible();
    await context.close();
  });

  test('each page hydrates without errors or warnings and without fetching its data again', async ({
    page,
  }) => {
    const s = await sample(page);
    // As dismissContactPopup, but quiet in the map's frame, whose storage is not the site's.
    await page.addInitScript(() => {
      try {
        sessionStorage.setItem('contactPopupClosed', '1');
      } catch {
        // Another site's frame.
      }
    });
    const messages: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/')) apiCalls.push(new URL(r.url()).pathname);
    });
    for (const p of pages(s)) {
      apiCalls.length = 0;
      await page.goto(p.url);
      await p.check(page);
      await page.waitForLoadState('networkidle');
      expect(messages, p.url).toEqual([]);
      // The page's own data came with it: the job, the spa and the listings are not asked for again.
      expect(
        apiCalls.filter((c) =>
          /^\/api\/v1\/(spajobs(\/recent|\/\d+)?|spas\/(search|spa\/\d+\/details)|stats)$/.test(c),
        ),
        p.url,
      ).toEqual([]);
    }
  });

  test('the hydrated job listing stays interactive: a filter changes the list without a full reload', async ({
    page,
  }) => {
    await dismissContactPopup(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/jobs');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const category = page.getByLabel('Category', { exact: true });
    const choice = (await category.locator('option').nth(1).textContent())!.trim();
    await category.selectOption({ label: choice });
    await expect(page).toHaveURL(/category=/);
    // Every card now is of the chosen category, and the page was never loaded again.
    await expect
      .poll(async () => {
        const cards = await page.locator('main article').allTextContents();
        return cards.length > 0 && cards.every((c) => c.includes(choice));
      })
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test('a rendered page paints before it asks for the app, which then takes the page over', async ({
    page,
  }) => {
    await dismissContactPopup(page);
    await page.goto('/jobs');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const { paint, entry } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entry: performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))
        ?.startTime,
    }));
    expect(paint).toBeGreaterThan(0);
    expect(entry).toBeGreaterThanOrEqual(paint!);
  });

  test('a tap on the page while the app is still taking it over is handled, not lost', async ({ page }) => {
    await dismissContactPopup(page);
    await page.setViewportSize(PHONE);
    // A slow phone: the page is attached in slices, over a good part of a second.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.goto('/jobs');
    // As soon as React has taken the page's root, and before it has attached the screen, tap a job's link.
    const tapped = await page.waitForFunction(() => {
      const root = document.getElementById('root');
      if (!root || !Object.keys(root).some((k) => k.startsWith('__reactContainer'))) return false;
      (window as unknown as { stillHere: boolean }).stillHere = true;
      const before = document.documentElement.dataset.hydrated === 'true';
      const link = document.querySelector<HTMLAnchorElement>('main article a[href^="/job/"]');
      link?.click();
      return { href: link?.getAttribute('href'), before };
    });
    const { href, before } = (await tapped.jsonValue()) as { href: string; before: boolean };
    expect(before).toBe(false);
    // The app itself went to the job (the page was not loaded again).
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { name: 'Job Description' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a tap on a button before the app has arrived is held and handed to it', async ({ page }) => {
    await dismissContactPopup(page);
    // A slow connection: the app's entry takes a second and a half to arrive.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/contact');
    const form = page.getByRole('region', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    // The form was not sent the old way (a new page); the app checked it once it had arrived.
    await expect(form.getByText('Name is required')).toBeVisible();
    expect(page.url()).toMatch(/\/contact$/);
  });

  test('a choice made in the filters before the app has arrived is applied once it has', async ({ page }) => {
    await dismissContactPopup(page);
    await page.setViewportSize(DESKTOP);
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/jobs');
    await page.getByLabel('Category', { exact: true }).selectOption('Ayurveda');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await expect(page).toHaveURL(/category=Ayurveda/);
    await expect(page.getByRole('button', { name: 'Remove filter Category: Ayurveda' })).toBeVisible();
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Ayurveda');
  });

  test('an unknown address answers 404 and a closed job 410, each with its page', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('<sitemapindex');
  });
});
