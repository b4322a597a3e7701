import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@spajobs/contract/messages';
import type { FastifyInstance } from 'fastify';
import { defaultHead, headFor, renderHead, renderSiteConfig } from './page-head.ts';

const HEAD_MARK = '<!--app-head-->';

/** Client routes and the screen module each one loads (as in apps/web/src/routes/router.tsx). */
const ROUTE_MODULES: [RegExp, string][] = [
  [/^\/(home)?$/, 'home'],
  [/^\/(jobs|jobs-india|all\/jobs\/filters)$/, 'jobs'],
  [/^\/(job\/[^/]+|spa\/[^/]+\/job\/[^/]+)$/, 'job-detail'],
  [/^\/spas$/, 'spas'],
  [/^\/spa\/[^/]+$/, 'spa-detail'],
  [/^\/(apply\/[^/]+|guest\/apply\/[^/]+)$/, 'guest-apply'],
  [/^\/(candidate\/dashboard|dashboard)$/, 'dashboard'],
  [/^\/(login|register|about|contact|edit-profile|applications|forgot-password|reset-password)$/, ''],
  [/^\/(employer|admin)\/login$/, 'employer-login'],
  [/^\/employer\/register$/, 'employer-register'],
  [/^\/employer$/, 'employer-dashboard'],
  [/^\/employer\/jobs\/new$/, 'employer-post-job'],
  [/^\/employer\/applicants$/, 'employer-applicants'],
  [/^\/admin$/, 'admin'],
];

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The chunks a screen needs beyond the entry, so the first HTML can ask for
 * them at once instead of after the entry has run (one round trip fewer on a
 * slow connection).
 */
function routePreloads(manifest: Manifest | null): (url: string) => string {
  if (!manifest) return () => '';
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) closure(i, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const inEntry = entry ? closure(entry) : new Set<string>();
  const cache = new Map<string, string>();
  return (url) => {
    const pathname = url.split('?')[0]!.replace(/\/$/, '') || '/';
    const match = ROUTE_MODULES.find(([re]) => re.test(pathname));
    const name = match ? match[1] || pathname.slice(1) : 'not-found';
    const key = `src/routes/${name}.tsx`;
    if (!cache.has(key)) {
      const files = [...closure(key)].filter((k) => !inEntry.has(k)).map((k) => manifest[k]!.file);
      cache.set(key, files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    '));
    }
    return cache.get(key)!;
  };
}
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
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const preloadsFor = routePreloads(
    fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : null,
  );

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
      return reply.status(404).send({ success: false, error: messages.notFound, message: messages.notFound });
    }
    // The page's own head needs the database; without it the app still loads and shows its error state.
    const head = await headFor(url, app.ctx).catch((err: unknown) => {
      req.log.error({ err }, 'page head failed');
      return defaultHead(app.ctx);
    });
    const html = template
      .replace(HEAD_MARK, `${renderHead(head)}\n    ${preloadsFor(url)}`)
      .replace(SITE_MARK, renderSiteConfig(app.ctx.config.site));
    return reply
      .status(head.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  });
}
