import zlib from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import { fakeBuild, startWebApp, visibleText, type WebApp } from './ssr-test-support.ts';

const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1];
const canonical = (html: string) =>
  /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
};

describe('public pages rendered on the server', () => {
  let app: WebApp;
  let t: TestApp;
  let web: WebApp['web'];
  const ids: Record<string, number> = {};
  const xml = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

  beforeAll(async () => {
    app = await startWebApp(
      fakeBuild(),
      {
        WEB_SERVER_ENTRY: inject('rendererEntry'),
        SITEMAP_PAGE_SIZE: '3',
        PUBLIC_BASE_URL: 'https://jobs.example.in',
      },
      async ({ database: db }) => {
        ids.lotus = await insertSpa(db, {
          name: 'Lotus Thai Spa, Bandra',
          category: 'Thai Spa',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400050',
          address_line: '12 Hill Road',
          full_address: '12 Hill Road, Bandra West, Mumbai, Maharashtra 400050',
          logo: '/uploads/logos/lotus.png',
          verification: 'verified',
        });
        ids.pending = await insertSpa(db, { name: 'Waiting Spa', verification: 'pending' });
        ids.open = await insertJob(db, ids.lotus, {
          title: 'Thai Therapist',
          salary: '₹25,000 - ₹35,000 per month',
          category: 'Therapist',
          city: 'Mumbai',
          state: 'Maharashtra',
          location: 'Bandra West, Mumbai',
          description: 'Give Thai and aroma massages to our guests.',
          expires_at: Date.now() + 20 * 86_400_000,
        });
        ids.sibling = await insertJob(db, ids.lotus, {
          title: 'Aroma Therapist',
          category: 'Therapist',
          city: 'Mumbai',
          state: 'Maharashtra',
        });
        ids.closed = await insertJob(db, ids.lotus, {
          title: 'Closed Reflexologist',
          category: 'Therapist',
          city: 'Mumbai',
          state: 'Maharashtra',
          status: 'closed',
          is_active: 0,
        });
        ids.expired = await insertJob(db, ids.lotus, {
          title: 'Expired Masseur',
          category: 'Therapist',
          city: 'Mumbai',
          state: 'Maharashtra',
          expires_at: Date.now() - 1000,
        });
        for (let i = 0; i < 5; i++) await insertJob(db, ids.pending, { title: `Delhi Receptionist ${i}` });
      },
    );
    ({ t, web } = app);
  });
  afterAll(() => app.close());

  it('home carries the newest jobs, its title, canonical and share tags, and the data the browser hydrates from', async () => {
    const res = await web.inject('/');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const text = visibleText(html);
    expect(text).toContain('Recent Jobs');
    expect(text).toContain('Thai Therapist');
    expect(text).toContain('Lotus Thai Spa, Bandra');
    expect(title(html)).toBe('Spa Jobs – Spa, massage and wellness jobs in India');
    expect(canonical(html)).toBe('https://jobs.example.in/');
    expect(meta(html, 'property', 'og:title')).toBe(title(html));
    expect(meta(html, 'property', 'og:url')).toBe('https://jobs.example.in/');
    expect(meta(html, 'property', 'og:image')).toBe('https://jobs.example.in/share/site.png');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    // The query cache and router state travel as JSON data; no script in the page runs inline.
    const state = JSON.parse(
      /<script id="query-state" type="application\/json">(.*?)<\/script>/.exec(html)![1]!,
    );
    expect(state.queries.map((q: { queryKey: unknown[] }) => q.queryKey[1])).toEqual(
      expect.arrayContaining(['recent', 'summary']),
    );
    const router = JSON.parse(
      /<script id="router-state" type="application\/json">(.*?)<\/script>/.exec(html)![1]!,
    );
    expect(router.errors).toBeNull();
    for (const tag of html.match(/<script[^>]*>/g)!) {
      expect(tag).toMatch(/type="application\/(ld\+)?json"|src="/);
    }
  });

  it('the job listing shows the filtered jobs, with a canonical naming the place', async () => {
    const res = await web.inject('/jobs?city=Mumbai&state=Maharashtra&page=1');
    expect(res.statusCode).toBe(200);
    const text = visibleText(res.body);
    expect(text).toContain('Thai Therapist');
    expect(text).toContain('Aroma Therapist');
    expect(text).not.toContain('Delhi Receptionist');
    expect(text).not.toContain('Closed Reflexologist');
    expect(title(res.body)).toBe('Spa jobs in Mumbai, Maharashtra – latest openings | Spa Jobs');
    expect(canonical(res.body)).toBe('https://jobs.example.in/jobs?state=Maharashtra&city=Mumbai');
    expect(meta(res.body, 'property', 'og:description')).toContain('Spa jobs in Mumbai');
    // The aliases are the same page, named by one address.
    expect(canonical((await web.inject('/jobs-india')).body)).toBe('https://jobs.example.in/jobs');
  });

  it('a job page carries the job and a complete JobPosting', async () => {
    for (const url of [`/job/${ids.open}`, `/spa/${ids.lotus}/job/${ids.open}`]) {
      const res = await web.inject(url);
      expect(res.statusCode).toBe(200);
      const text = visibleText(res.body);
      expect(text).toContain('Thai Therapist');
      expect(text).toContain('Give Thai and aroma massages to our guests.');
      expect(text).toContain('₹25,000 - ₹35,000 per month');
      expect(title(res.body)).toBe('Thai Therapist at Lotus Thai Spa, Mumbai | Spa Jobs');
      expect(canonical(res.body)).toBe(`https://jobs.example.in/job/${ids.open}`);
      expect(meta(res.body, 'property', 'og:image')).toBe(
        `https://jobs.example.in/share/job/${ids.open}.png`,
      );
      expect(meta(res.body, 'property', 'og:type')).toBe('article');
      const ld = jsonLd(res.body)!;
      expect(ld).toMatchObject({
        '@type': 'JobPosting',
        title: 'Thai Therapist',
        employmentType: 'FULL_TIME',
        directApply: true,
        hiringOrganization: {
          name: 'Lotus Thai Spa, Bandra',
          logo: 'https://jobs.example.in/uploads/logos/lotus.png',
        },
        jobLocation: {
          address: {
            streetAddress: '12 Hill Road',
            addressLocality: 'Mumbai',
            addressRegion: 'Maharashtra',
            postalCode: '400050',
            addressCountry: 'IN',
          },
        },
        baseSalary: { currency: 'INR', value: { minValue: 25000, maxValue: 35000, unitText: 'MONTH' } },
      });
      expect(ld.description).toContain('Give Thai and aroma massages');
      expect(new Date(ld.datePosted as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(new Date(ld.validThrough as string).getTime()).toBeGreaterThan(Date.now() + 19 * 86_400_000);
    }
  });

  it('a closed or expired job answers 410 with a page that says so and offers similar open jobs', async () => {
    for (const [id, name] of [
      [ids.closed, 'Closed Reflexologist'],
      [ids.expired, 'Expired Masseur'],
    ] as const) {
      const res = await web.inject(`/job/${id}`);
      expect(res.statusCode).toBe(410);
      const text = visibleText(res.body);
      expect(text).toContain(name);
      expect(text).toContain('This job is closed. It no longer takes applications.');
      expect(text).toContain('Similar open jobs nearby');
      expect(text).toContain('Thai Therapist');
      expect(text).not.toContain('Apply as Guest');
      expect(res.body).not.toContain('JobPosting');
      expect(meta(res.body, 'name', 'robots')).toBe('noindex');
    }
  });

  it('pages rendered at the same time each get their own data, on whichever thread renders them', async () => {
    // Renders on one thread interleave while they wait for their API calls: each answer must reach its own page.
    const jobs = [
      [ids.open, 'Thai Therapist', 200],
      [ids.sibling, 'Aroma Therapist', 200],
      [ids.closed, 'Closed Reflexologist', 410],
    ] as const;
    const asked = Array.from({ length: 24 }, (_, i) => jobs[i % jobs.length]!);
    const pages = await Promise.all(asked.map(([id], i) => web.inject(`/job/${id}?at=${i}`)));
    pages.forEach((res, i) => {
      const [id, jobTitle, status] = asked[i]!;
      expect(res.statusCode, `/job/${id}`).toBe(status);
      expect(title(res.body)).toContain(jobTitle);
      const state = JSON.parse(
        /<script id="query-state" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!,
      ) as { queries: { queryKey: unknown[]; state: { data?: { _id?: string; title?: string } } }[] };
      const details = state.queries.filter((q) => q.queryKey[1] === 'detail');
      expect(
        details.map((q) => q.state.data),
        `/job/${id}`,
      ).toEqual([expect.objectContaining({ _id: String(id), title: jobTitle })]);
    });
  });

  it('a spa page carries the spa and its jobs', async () => {
    const res = await web.inject(`/spa/${ids.lotus}`);
    expect(res.statusCode).toBe(200);
    const text = visibleText(res.body);
    expect(text).toContain('Lotus Thai Spa, Bandra');
    expect(text).toContain('Thai Therapist');
    expect(title(res.body)).toBe('Lotus Thai Spa, Bandra – Thai Spa in Mumbai | Spa Jobs');
    expect(canonical(res.body)).toBe(`https://jobs.example.in/spa/${ids.lotus}`);
    expect(meta(res.body, 'property', 'og:image')).toBe('https://jobs.example.in/uploads/logos/lotus.png');
    expect(jsonLd(res.body)).toMatchObject({ '@type': 'DaySpa', name: 'Lotus Thai Spa, Bandra' });
  });

  it('spas, about and contact carry their content, title, canonical and share tags', async () => {
    const pages: [string, string, string][] = [
      [
        '/spas',
        'Lotus Thai Spa, Bandra',
        'Spas hiring near you – spa and wellness centres in India | Spa Jobs',
      ],
      ['/about', 'Frequently asked questions', 'About us | Spa Jobs'],
      ['/contact', 'Send us a message', 'Contact us | Spa Jobs'],
    ];
    for (const [url, content, name] of pages) {
      const res = await web.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(visibleText(res.body), url).toContain(content);
      expect(title(res.body)).toBe(name);
      expect(canonical(res.body)).toBe(`https://jobs.example.in${url}`);
      expect(meta(res.body, 'property', 'og:title')).toBe(name);
      expect(meta(res.body, 'property', 'og:image')).toBeTruthy();
      expect(meta(res.body, 'name', 'twitter:title')).toBe(name);
    }
  });

  it('unknown addresses and missing records answer 404 with their not-found page', async () => {
    const cases: [string, string, string][] = [
      ['/no-such-page', 'Page not found', "The page you're looking for doesn't exist or has moved."],
      ['/job/999999', 'Job Not Found', 'Job not found.'],
      ['/job/abc', 'Job Not Found', 'Job not found.'],
      // An id longer than the API takes in an address (it answers 414) names no job either.
      [`/job/${'7'.repeat(120)}`, 'Job Not Found', 'Job not found.'],
      [
        `/spa/${'x'.repeat(120)}`,
        'Spa Not Found',
        "The spa you're looking for doesn't exist or has been removed.",
      ],
      ['/spa/999999', 'Spa Not Found', "The spa you're looking for doesn't exist or has been removed."],
    ];
    for (const [url, heading, words] of cases) {
      const res = await web.inject(url);
      expect(res.statusCode, url).toBe(404);
      const text = visibleText(res.body);
      expect(text, url).toContain(heading);
      expect(text, url).toContain(words);
      // Still the whole site around it.
      expect(text, url).toContain('Find Jobs');
      expect(meta(res.body, 'name', 'robots')).toBe('noindex');
    }
  });

  it('account pages stay rendered in the browser', async () => {
    const res = await web.inject('/edit-profile');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('router-state');
  });

  it('a rendered page is kept briefly for the next visitor, with an ETag that answers 304', async () => {
    const url = '/about?from=cache-test';
    const first = await web.inject(url);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await web.inject(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    const etag = second.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await web.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('pages arrive compressed, rendered or kept, and a rendered page asks for its scripts once painted', async () => {
    const url = '/about?from=compression-test';
    const plain = await web.inject(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The stylesheet comes first; the app's scripts are listed as data for the boot script, not fetched.
    const head = /<head>([\s\S]*)<\/head>/.exec(plain.body)![1]!;
    expect(head.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">')).toBeLessThan(
      head.indexOf('<title>'),
    );
    expect(plain.body).not.toContain('modulepreload');
    expect(plain.body).not.toContain('src="/assets/index-abc.js"');
    expect(plain.body).toContain('<script type="module" src="/assets/boot-abc.js"></script>');
    const scripts = JSON.parse(
      /<script id="app-scripts" type="application\/json">(.*?)<\/script>/.exec(plain.body)![1]!,
    );
    expect(scripts).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/about-abc.js', '/assets/react-abc.js'],
    });
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      // The first asks after the plain one, so this is the kept page; a new query is rendered afresh.
      for (const u of [url, `${url}&${encoding}`]) {
        const res = await web.inject({ url: u, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toContain('accept-encoding');
        const html = decode(res.rawPayload).toString('utf8');
        expect(html).toContain('About');
        expect(html.length).toBeGreaterThan(res.rawPayload.length);
        if (u === url) expect(html).toBe(plain.body);
      }
    }
    // The shell of a page rendered in the browser needs its scripts at once.
    const shell = await web.inject({ url: '/edit-profile', headers: { 'accept-encoding': 'gzip' } });
    const shellHtml = zlib.gunzipSync(shell.rawPayload).toString('utf8');
    expect(shellHtml).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(shellHtml).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">');
    expect(shellHtml).not.toContain('app-scripts');
  });

  it('a job closed anywhere leaves the kept pages at once: its page answers 410 on the next visit', async () => {
    const id = await insertJob(t.database, ids.lotus!, {
      title: 'Short-lived Stylist',
      category: 'Therapist',
      city: 'Mumbai',
      state: 'Maharashtra',
    });
    expect((await web.inject(`/job/${id}`)).statusCode).toBe(200);
    expect((await web.inject(`/job/${id}`)).headers['x-cache']).toBe('hit');
    await t.database.db
      .updateTable('jobs')
      .set({ is_active: 0, status: 'closed' })
      .where('id', '=', id)
      .execute();
    web.ctx.listingsChanged();
    const after = await web.inject(`/job/${id}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.statusCode).toBe(410);
  });

  it('robots.txt names the sitemap', async () => {
    const res = await web.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: https://jobs.example.in/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
  });

  it('the sitemap is an index of files of at most the page size, listing open jobs and listed spas only', async () => {
    const index = await web.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(XMLValidator.validate(index.body)).toBe(true);
    const files = (xml.parse(index.body).sitemapindex.sitemap as { loc: string; lastmod?: string }[]).map(
      (s) => ({
        ...s,
        path: s.loc.replace('https://jobs.example.in', ''),
      }),
    );
    expect(files[0]!.path).toBe('/sitemaps/pages.xml');

    const urls: string[] = [];
    for (const file of files) {
      expect(file.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
      const res = await web.inject(file.path);
      expect(res.statusCode, file.path).toBe(200);
      expect(XMLValidator.validate(res.body), file.path).toBe(true);
      const entries = (xml.parse(res.body).urlset.url ?? []) as { loc: string; lastmod?: string }[];
      expect(entries.length, file.path).toBeGreaterThan(0);
      expect(entries.length, file.path).toBeLessThanOrEqual(5);
      if (file.path !== '/sitemaps/pages.xml') expect(entries.length).toBeLessThanOrEqual(3);
      urls.push(...entries.map((e) => e.loc.replace('https://jobs.example.in', '')));
    }
    const jobUrls = urls.filter((u) => u.startsWith('/job/'));
    // 2 open jobs at Lotus and 5 at the pending spa (a job's own state decides; its spa's does not).
    expect(jobUrls).toHaveLength(7);
    expect(new Set(urls).size).toBe(urls.length);
    expect(jobUrls).toContain(`/job/${ids.open}`);
    expect(jobUrls).not.toContain(`/job/${ids.closed}`);
    expect(jobUrls).not.toContain(`/job/${ids.expired}`);
    expect(urls).toContain(`/spa/${ids.lotus}`);
    expect(urls).not.toContain(`/spa/${ids.pending}`);
    expect(urls).toEqual(expect.arrayContaining(['/', '/jobs', '/spas', '/about', '/contact']));
    // Several job files, as 7 jobs do not fit in files of 3.
    expect(files.filter((f) => f.path.startsWith('/sitemaps/jobs-')).length).toBeGreaterThanOrEqual(3);
    expect((await web.inject('/sitemaps/jobs-x.xml')).statusCode).toBe(404);
  });

  it('share images are PNG cards', async () => {
    for (const url of ['/share/site.png', `/share/job/${ids.open}.png`, `/share/spa/${ids.lotus}.png`]) {
      const res = await web.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
    expect((await web.inject('/share/job/999999.png')).statusCode).toBe(404);
  });
});
