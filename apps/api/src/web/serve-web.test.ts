import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { insertJob, insertSpa } from '../../test/factories.ts';
import { startWebApp, type WebApp } from './ssr-test-support.ts';

/** A small stand-in for the web build: index.html with its markers, one asset with its precompressed twin, a manifest. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><!--site-config--></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
  );
  const js = 'console.log("spa jobs");'.repeat(100);
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js'), js);
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets/job-detail-def.js'), 'export default 1;');
  fs.writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true },
      'src/routes/job-detail.tsx': { file: 'assets/job-detail-def.js', imports: ['index.html'] },
    }),
  );
  return dir;
}

describe('serving the web app', () => {
  let app: WebApp;
  let t: TestApp;
  let web: WebApp['web'];
  let dist: string;
  let jobId: number;
  beforeAll(async () => {
    dist = fakeBuild();
    app = await startWebApp(
      dist,
      { BRAND_NAME: 'Spa Jobs', WEB_SERVER_ENTRY: path.join(dist, 'no-renderer.js') },
      async ({ database }) => {
        const spa = await insertSpa(database, {
          name: 'Lotus <Thai> Spa, Bandra',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400050',
        });
        jobId = await insertJob(database, spa, {
          title: 'Thai Therapist',
          salary: '₹25,000 - ₹35,000 per month',
          city: 'Mumbai',
          state: 'Maharashtra',
        });
      },
    );
    ({ t, web } = app);
  });
  afterAll(() => app.close());

  it('a job page carries its title, description, JSON-LD JobPosting and its screen chunk in the first HTML', async () => {
    const res = await web.inject(`/job/${jobId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Thai Therapist at Lotus &lt;Thai&gt; Spa, Mumbai | Spa Jobs</title>');
    expect(html).toContain('<meta name="description" content="Thai Therapist in ');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: 'Thai Therapist',
      hiringOrganization: { name: 'Lotus <Thai> Spa, Bandra' },
      jobLocation: {
        address: {
          addressLocality: 'Mumbai',
          addressRegion: 'Maharashtra',
          postalCode: '400050',
          addressCountry: 'IN',
        },
      },
      baseSalary: { currency: 'INR', value: { minValue: 25000, maxValue: 35000, unitText: 'MONTH' } },
    });
    expect(html).not.toContain('<Thai>'); // escaped in HTML and in JSON-LD
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/job-detail-def.js">');
    expect(html).toContain('<script id="site-config" type="application/json">');
    expect((await web.inject(`/spa/1/job/${jobId}`)).body).toContain('JobPosting');
  });

  it('a closed or expired job is a 410 page with its title and no JobPosting', async () => {
    const spa = await insertSpa(t.database, { name: 'Closed Spa' });
    const closed = await insertJob(t.database, spa, {
      title: 'Closed Therapist',
      is_active: 0,
      status: 'closed',
    });
    const expired = await insertJob(t.database, spa, {
      title: 'Expired Therapist',
      expires_at: Date.now() - 1000,
    });
    for (const [id, title] of [
      [closed, 'Closed Therapist'],
      [expired, 'Expired Therapist'],
    ] as const) {
      const res = await web.inject(`/job/${id}`);
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain(title);
      expect(res.body).not.toContain('JobPosting');
    }
  });

  it('an unknown job is a 404 page; other routes get the app with the default head', async () => {
    const missing = await web.inject('/job/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Job not found | Spa Jobs</title>');
    const home = await web.inject('/spas?state=Kerala');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"></div>');
    expect(home.headers['cache-control']).toBe('no-cache');
  });

  it('with the database gone, a spa page still gets the app (which shows its own error), not a server error', async () => {
    const t2 = await createTestApp({
      seed: false,
      env: { WEB_DIST_DIR: dist, WEB_SERVER_ENTRY: path.join(dist, 'no-renderer.js') },
    });
    const web2 = await buildApp({ config: t2.config, database: t2.database, logger: false, web: true });
    await t2.database.destroy();
    const res = await web2.inject('/spa/12');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>Spa Jobs – Spa, massage and wellness jobs in India</title>');
    await web2.close();
    await t2.close();
  });

  it('API paths and missing files never get the HTML', async () => {
    const api = await web.inject('/api/v1/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
    expect((await web.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('assets are sent precompressed to browsers that accept it, with a long cache', async () => {
    const res = await web.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('spa jobs');
  });

  it('API answers are compressed for clients that accept it', async () => {
    const res = await web.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);

    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3/);
  });
});
