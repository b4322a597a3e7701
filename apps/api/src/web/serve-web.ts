import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { headFor, renderHead, renderSiteConfig } from './page-head.ts';

const HEAD_MARK = '<!--app-head-->';
const SITE_MARK = '<!--site-config-->';

/**
 * Serves the built SPA from the API's port: hashed assets with long caching,
 * and index.html for every client route from this one place, with that
 * page's head tags written in so that search engines and link previews see a
 * job without running scripts.
 */
export async function serveWeb(app: FastifyInstance): Promise<void> {
  const dist = app.ctx.config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;

  if (template) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.log.warn(`No web build at ${dist}; run "npm run build" to serve the web app.`);
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.raw.url ?? '/';
    const isApi = url.startsWith('/api/') || url === '/api';
    if (
      isApi ||
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !template ||
      /\.[a-z0-9]{2,5}(\?|$)/i.test(url.split('?')[0]!)
    ) {
      return reply.status(404).send({ success: false, error: 'Not found', message: 'Not found' });
    }
    const head = await headFor(url, app.ctx);
    const html = template
      .replace(HEAD_MARK, renderHead(head))
      .replace(SITE_MARK, renderSiteConfig(app.ctx.config.site));
    return reply
      .status(head.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  });
}
