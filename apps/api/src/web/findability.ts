import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { messages } from '@spajobs/contract/messages';
import { TtlCache } from '../lib/ttl-cache.ts';
import { escapeXml } from '../lib/escape.ts';

/** Rows read from the database per step while a sitemap file is written. */
const CHUNK = 1000;
const XML = 'application/xml; charset=utf-8';

const isoDate = (ms: number) => new Date(ms).toISOString();

/** Public pages that are not records, in the sitemap. */
const FIXED_PAGES = ['/', '/jobs', '/spas', '/about', '/contact'];

type Groups = { group: number; count: number; lastmod: number }[];

/**
 * robots.txt and the sitemap: an index (/sitemap.xml) naming one file of
 * fixed pages and files of open jobs and listed spas, each holding at most
 * `sitemapPageSize` addresses (ids in a fixed range, so a file's content is
 * found by a seek). Files are written as they are read, a thousand rows at a
 * time by keyset, so no file is ever held whole in memory.
 */
export async function registerFindability(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx;
  const base = config.publicBaseUrl;
  const size = config.sitemapPageSize;
  // The index costs one grouped scan of open jobs; search engines read it rarely.
  const groups = new TtlCache(5 * 60_000);
  const jobGroups = () => groups.get('jobs', () => app.ctx.jobs.sitemapGroups(size)) as Promise<Groups>;
  const spaGroups = () => groups.get('spas', () => app.ctx.spas.sitemapGroups(size)) as Promise<Groups>;

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /employer',
          'Disallow: /admin',
          'Disallow: /candidate',
          'Disallow: /dashboard',
          'Disallow: /applications',
          'Disallow: /edit-profile',
          'Disallow: /apply/',
          'Disallow: /guest/',
          // The same account pages in Hindi.
          ...[
            '/employer',
            '/admin',
            '/candidate',
            '/dashboard',
            '/applications',
            '/edit-profile',
            '/apply/',
            '/guest/',
          ].map((p) => `Disallow: /hi${p}`),
          '',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const [jobs, spas] = await Promise.all([jobGroups(), spaGroups()]);
    const newest = Math.max(0, ...jobs.map((g) => g.lastmod), ...spas.map((g) => g.lastmod));
    const entry = (name: string, lastmod: number) =>
      `<sitemap><loc>${escapeXml(`${base}/sitemaps/${name}.xml`)}</loc>${lastmod ? `<lastmod>${isoDate(lastmod)}</lastmod>` : ''}</sitemap>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      entry('pages', newest),
      ...spas.map((g) => entry(`spas-${g.group}`, g.lastmod)),
      ...jobs.map((g) => entry(`jobs-${g.group}`, g.lastmod)),
      '</sitemapindex>',
      '',
    ].join('\n');
    return reply.type(XML).header('cache-control', 'public, max-age=600').send(xml);
  });

  app.get<{ Params: { name: string } }>('/sitemaps/:name', { schema: { hide: true } }, async (req, reply) => {
    const notFound = () =>
      reply.status(404).send({ success: false, error: messages.notFound, message: messages.notFound });
    const m = /^(pages|jobs|spas)(?:-(\d{1,9}))?\.xml$/.exec(req.params.name);
    if (!m) return notFound();
    const kind = m[1] as 'pages' | 'jobs' | 'spas';
    const head =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
    const tail = '</urlset>\n';
    // Every page is also in Hindi under /hi: each address names both languages, as its page's head does.
    const alternates = (path: string) =>
      [
        ['en', base + path],
        ['hi', `${base}/hi${path === '/' ? '' : path}`],
        ['x-default', base + path],
      ]
        .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href!)}"/>`)
        .join('');
    const url = (path: string, lastmod?: number) =>
      `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${isoDate(lastmod)}</lastmod>` : ''}${alternates(path)}</url>\n`;
    reply.type(XML).header('cache-control', 'public, max-age=600');
    if (kind === 'pages') {
      if (m[2] !== undefined) return notFound();
      return reply.send(head + FIXED_PAGES.map((p) => url(p)).join('') + tail);
    }
    if (m[2] === undefined) return notFound();
    const group = Number(m[2]);
    const repo = kind === 'jobs' ? app.ctx.jobs : app.ctx.spas;
    const prefix = kind === 'jobs' ? '/job/' : '/spa/';
    const before = (group + 1) * size;
    // The first step is read before answering, so a failing database answers an error, not half a file.
    const first = await repo.sitemapChunk(group * size - 1, before, CHUNK);
    async function* lines() {
      yield head;
      let rows = first;
      while (rows.length > 0) {
        yield rows.map((r) => url(`${prefix}${r.id}`, r.lastmod)).join('');
        if (rows.length < CHUNK) break;
        rows = await repo.sitemapChunk(rows[rows.length - 1]!.id, before, CHUNK);
      }
      yield tail;
    }
    return reply.send(Readable.from(lines()));
  });
}
