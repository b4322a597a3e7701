import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertJob, insertSpa } from '../../test/factories.ts';
import { fakeBuild, startWebApp, visibleText, type WebApp } from './ssr-test-support.ts';

const link = (html: string, rel: string, hreflang?: string) =>
  new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`)
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&');
const meta = (html: string, key: string) =>
  new RegExp(`<meta property="${key}" content="([^"]*)">`).exec(html)?.[1];
const BASE = 'https://jobs.example.in';

describe('Hindi pages rendered on the server', () => {
  let app: WebApp;
  let web: WebApp['web'];
  let jobId: number;

  beforeAll(async () => {
    app = await startWebApp(
      fakeBuild(),
      {
        WEB_SERVER_ENTRY: inject('rendererEntry'),
        PUBLIC_BASE_URL: BASE,
      },
      async ({ database }) => {
        const spa = await insertSpa(database, {
          name: 'Lotus Thai Spa',
          city: 'Pune',
          state: 'Maharashtra',
        });
        jobId = await insertJob(database, spa, {
          title: 'Thai Therapist',
          city: 'Pune',
          state: 'Maharashtra',
        });
      },
    );
    web = app.web;
  });
  afterAll(() => app.close());

  it('a page under /hi is Hindi in its first HTML: lang, content, canonical, alternates, Open Graph locale', async () => {
    const res = await web.inject('/hi/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="hi">');
    const text = visibleText(res.body);
    expect(text).toContain('अक्सर पूछे जाने वाले सवाल');
    expect(text).not.toContain('Frequently asked questions');
    expect(link(res.body, 'canonical')).toBe(`${BASE}/hi/about`);
    expect(link(res.body, 'alternate', 'en')).toBe(`${BASE}/about`);
    expect(link(res.body, 'alternate', 'hi')).toBe(`${BASE}/hi/about`);
    expect(link(res.body, 'alternate', 'x-default')).toBe(`${BASE}/about`);
    expect(meta(res.body, 'og:locale')).toBe('hi_IN');
    expect(meta(res.body, 'og:locale:alternate')).toBe('en_IN');
    // The title is the page's Hindi one, as the browser shows it.
    expect(/<title>([^<]*)<\/title>/.exec(res.body)?.[1]).toBe('हमारे बारे में | Spa Jobs');
    expect(meta(res.body, 'og:title')).toBe('हमारे बारे में | Spa Jobs');
    // So is the description search engines and share previews show.
    const description = /<meta name="description" content="([^"]*)">/.exec(res.body)?.[1];
    expect(description).toContain('जॉब ढूँढने वालों के लिए मुफ़्त');
    expect(meta(res.body, 'og:description')).toBe(description);
  });

  it('English pages are unchanged and name their Hindi twin', async () => {
    const res = await web.inject('/jobs?city=Pune&sort=newest');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(visibleText(res.body)).toContain('Latest Spa Jobs');
    expect(link(res.body, 'alternate', 'en')).toBe(`${BASE}/jobs?city=Pune`);
    expect(link(res.body, 'alternate', 'hi')).toBe(`${BASE}/hi/jobs?city=Pune`);
    expect(meta(res.body, 'og:locale')).toBe('en_IN');
    expect(meta(res.body, 'og:description')).toBe(
      'Spa jobs in Pune: therapist, spa manager, receptionist and beautician jobs at spas, with salaries. Apply free, with or without an account.',
    );
    const home = await web.inject('/');
    expect(link(home.body, 'alternate', 'hi')).toBe(`${BASE}/hi`);
  });

  it('job pages, the listing and not-found pages render in Hindi, with Hindi links', async () => {
    const job = await web.inject(`/hi/job/${jobId}`);
    expect(job.statusCode).toBe(200);
    expect(visibleText(job.body)).toContain('Thai Therapist');
    expect(visibleText(job.body)).toContain('अभी अप्लाई करें');
    // The job's own words stay as written; the words around them are Hindi.
    expect(meta(job.body, 'og:description')).toMatch(/^Thai Therapist, .+।/);
    const listing = await web.inject('/hi/jobs?city=Pune');
    expect(meta(listing.body, 'og:description')).toMatch(/^Pune में स्पा जॉब: /);
    expect(job.body).toContain('href="/hi/jobs"');
    expect(job.body).not.toMatch(/href="\/jobs"/);
    const missing = await web.inject('/hi/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="hi">');
    expect(visibleText(missing.body)).toContain('पेज नहीं मिला');
  });

  it('renders of both languages at once never mix', async () => {
    const urls = Array.from({ length: 12 }, (_, i) => (i % 2 ? `/hi/about?n=${i}` : `/about?n=${i}`));
    const pages = await Promise.all(urls.map((url) => web.inject(url)));
    pages.forEach((res, i) => {
      const text = visibleText(res.body);
      if (i % 2) {
        expect(text, urls[i]).toContain('हमारी कहानी');
        expect(text, urls[i]).not.toContain('Our story');
      } else {
        expect(text, urls[i]).toContain('Our story');
        expect(text, urls[i]).not.toContain('हमारी कहानी');
      }
    });
  });

  it('keeps rendered pages apart by language', async () => {
    const en = await web.inject('/about?cache=lang');
    const hi = await web.inject('/hi/about?cache=lang');
    expect(en.headers['x-cache']).toBe('miss');
    expect(hi.headers['x-cache']).toBe('miss');
    expect((await web.inject('/hi/about?cache=lang')).headers['x-cache']).toBe('hit');
    expect((await web.inject('/about?cache=lang')).body).toBe(en.body);
  });

  it('a remembered choice brings the visitor back to it; Accept-Language never redirects', async () => {
    const back = await web.inject({ url: '/jobs?city=Pune', headers: { cookie: 'lang=hi' } });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/hi/jobs?city=Pune');
    const home = await web.inject({ url: '/', headers: { cookie: 'x=1; lang=hi' } });
    expect(home.headers.location).toBe('/hi');
    const english = await web.inject({ url: '/hi/about', headers: { cookie: 'lang=en' } });
    expect(english.headers.location).toBe('/about');
    const same = await web.inject({ url: '/hi/about', headers: { cookie: 'lang=hi' } });
    expect(same.statusCode).toBe(200);

    const asked = await web.inject({
      url: '/about',
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<html lang="en">');
    // The API and files are never redirected.
    const api = await web.inject({ url: '/api/v1/stats', headers: { cookie: 'lang=hi' } });
    expect(api.statusCode).toBe(200);
  });

  it('account pages under /hi get the app shell in Hindi', async () => {
    const res = await web.inject('/hi/edit-profile');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="hi">');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('the sitemap names both languages of each address, and robots.txt keeps Hindi account pages out', async () => {
    const pages = await web.inject('/sitemaps/pages.xml');
    expect(pages.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(pages.body).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${BASE}/hi/jobs"/>`);
    expect(pages.body).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${BASE}/hi"/>`);
    expect(pages.body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}/about"/>`);
    const robots = await web.inject('/robots.txt');
    expect(robots.body).toContain('Disallow: /hi/employer');
  });
});
