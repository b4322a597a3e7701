import { createHash } from 'node:crypto';
import { LISTINGS_CHANGED } from '../plugins/listing-freshness.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { Piscina } from 'piscina';
import { messages } from '@spajobs/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  barePath,
  defaultHead,
  headFor,
  missingPageHead,
  renderHead,
  renderSiteConfig,
  safeJson,
  type PageHead,
} from './page-head.ts';
import { registerFindability } from './findability.ts';
import { registerShareImages } from './share-image.ts';

const HEAD_MARK = '<!--app-head-->';
const HTML_OPEN = /<html(?:\s[^>]*)?>/;

type Lang = 'en' | 'hi';
const OG_LOCALE: Record<Lang, string> = { en: 'en_IN', hi: 'hi_IN' };

/** The language of a page's address: `/hi/…` is Hindi. */
const langOf = (pathname: string): Lang => (barePath(pathname).lang === '/hi' ? 'hi' : 'en');

/**
 * The language-dependent head tags: `hreflang` alternates (en, hi, x-default)
 * of the page's own address (its canonical one when it has one), and Open
 * Graph's locale. The browser keeps them right as the visitor moves on
 * (apps/web/src/lib/language-head.ts).
 */
export function languageHead(url: string, lang: Lang, base: string, canonical?: string): string {
  const own = canonical?.startsWith(base) ? canonical.slice(base.length) || '/' : url.split(/[?#]/)[0]!;
  const [ownPath = '/', query] = own.split('?');
  const bare = barePath(ownPath).path;
  const rest = query ? `?${query}` : '';
  const en = `${base}${bare}${rest}`;
  const hi = `${base}/hi${bare === '/' ? '' : bare}${rest}`;
  const e = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    `<link rel="alternate" hreflang="en" href="${e(en)}">`,
    `<link rel="alternate" hreflang="hi" href="${e(hi)}">`,
    `<link rel="alternate" hreflang="x-default" href="${e(en)}">`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[lang === 'hi' ? 'en' : 'hi']}">`,
  ].join('\n    ');
}

/** The visitor's remembered choice of language (cookie `lang`, set by the switch in the header). */
function rememberedLang(cookie: string | undefined): Lang | null {
  const m = /(?:^|;\s*)lang=(en|hi)(?:;|$)/.exec(cookie ?? '');
  return m ? (m[1] as Lang) : null;
}

/** `url` in the other language: `/jobs?x=1` ↔ `/hi/jobs?x=1`. */
function inLang(url: string, lang: Lang): string {
  const [pathname = '/', ...rest] = url.split('?');
  const bare = barePath(pathname).path;
  const query = rest.length ? `?${rest.join('?')}` : '';
  return lang === 'hi' ? `/hi${bare === '/' ? '' : bare}${query}` : `${bare}${query}`;
}

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

/** The app's own entry in the build's manifest (the page template's script), beside the boot script's. */
const appEntry = (manifest: Manifest) =>
  manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((k) => manifest[k]!.isEntry);

/**
 * The chunks a screen needs beyond the entry (their addresses), so the first
 * HTML can ask for them at once instead of after the entry has run (one round
 * trip fewer on a slow connection).
 */
function routePreloads(manifest: Manifest | null): (url: string) => string[] {
  if (!manifest) return () => [];
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) closure(i, seen);
    return seen;
  };
  const entry = appEntry(manifest);
  const inEntry = entry ? closure(entry) : new Set<string>();
  const cache = new Map<string, string[]>();
  return (url) => {
    const { lang, path: pathname } = barePath(url.split('?')[0]!);
    const match = ROUTE_MODULES.find(([re]) => re.test(pathname));
    const name = match ? match[1] || pathname.slice(1) : 'not-found';
    const key = `src/routes/${name}.tsx`;
    // A Hindi page also needs the Hindi texts, which English pages never load.
    const cacheKey = `${lang}${key}`;
    if (!cache.has(cacheKey)) {
      const keys = closure(key);
      if (lang) closure('src/messages/hi.ts', keys);
      cache.set(
        cacheKey,
        [...keys].filter((k) => !inEntry.has(k)).map((k) => `/${manifest[k]!.file}`),
      );
    }
    return cache.get(cacheKey)!;
  };
}

const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`;

/**
 * The page template without its module script and module preloads, and what they named: a page rendered
 * on the server lists them for the boot script instead (see `serveWeb`).
 */
function splitScripts(template: string): { bare: string; entry: string; preload: string[] } | null {
  const entry = /<script type="module"[^>]* src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry) return null;
  const links = [...template.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)">\s*/g)];
  let bare = template.replace(entry[0], '');
  for (const link of links) bare = bare.replace(link[0], '');
  return { bare, entry: entry[1]!, preload: links.map((m) => m[1]!) };
}

/**
 * The build writes the stylesheet after the scripts. A page needs its styles to paint, and on a phone's
 * few connections a stylesheet asked for last waits behind the scripts, so it is moved to the front.
 */
function stylesFirst(html: string): string {
  const sheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
  if (!sheets.length || !html.includes(HEAD_MARK)) return html;
  let out = html;
  for (const sheet of sheets) out = out.replace(sheet, '');
  return out.replace(HEAD_MARK, `${sheets.map((x) => x.trim()).join('\n    ')}\n    ${HEAD_MARK}`);
}
const SITE_MARK = '<!--site-config-->';
const ROOT_MARK = '<div id="root"></div>';

/** What the render threads answer for a page (apps/web/src/entry-server.tsx, through render-worker.mjs). */
type RenderResult =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'fallback' }
  | {
      type: 'page';
      status: number;
      /** JSON for <script id="router-state" type="application/json">. */
      routerState: string;
      /** JSON for <script id="query-state" type="application/json">. */
      queryState: string;
      /** The inside of #root. */
      html: string;
      /** The title the page's screen gave itself, in the page's language. */
      title?: string;
    };

interface Renderer {
  render(url: string, opts: { origin: string; signal: AbortSignal }): Promise<RenderResult>;
  close(): Promise<void>;
}

const renderWorkerFile = fileURLToPath(new URL('./render-worker.mjs', import.meta.url));

/**
 * Pages that stay rendered in the browser: the candidate's, employer's and
 * admin's areas, sign-in and applying (nothing on them is for search engines,
 * and their content belongs to one visitor). Every other address is rendered
 * on the server, unknown ones as the not-found page with 404.
 */
const BROWSER_ONLY =
  /^\/(login|register|forgot-password|reset-password|auth|candidate|dashboard|edit-profile|applications|apply|guest|thank-you|employer|admin|unauthorized)(\/|$)/;

/**
 * The server renderer, on threads of its own (`RENDER_THREADS`): rendering a page is a few milliseconds
 * of CPU that would otherwise stop the event loop, and every request behind it, for as long. A render's
 * API calls come back to this thread over a port of its own and are answered in-process, anonymously,
 * through the same routes and caches as the browser's.
 */
async function loadRenderer(app: FastifyInstance): Promise<Renderer | null> {
  const entry = app.ctx.config.webServerEntry;
  if (!fs.existsSync(entry)) {
    app.log.warn(`No server renderer at ${entry}; public pages are rendered in the browser.`);
    return null;
  }
  const threads = app.ctx.config.renderThreads;
  const pool = new Piscina({
    filename: renderWorkerFile,
    workerData: { entry, site: app.ctx.config.site },
    // The built renderer is plain JavaScript: the threads need none of the process's flags (its TypeScript loader).
    execArgv: [],
    minThreads: threads,
    maxThreads: threads,
    // A render mostly waits for its data; meanwhile its thread renders others.
    concurrentTasksPerWorker: 8,
    idleTimeout: Infinity,
  });
  // A thread that fails outside any page is replaced by the pool; the failure is logged, never thrown here.
  pool.on('error', (err: unknown) => app.log.error({ err }, 'render thread failed'));
  const answer = (port: MessagePort) =>
    port.on('message', (req: { id: number; url: string; method: string; acceptLanguage: string }) => {
      app
        .inject({
          method: req.method as 'GET',
          url: req.url,
          // The page's language, as the browser's API client sends it.
          headers: { accept: 'application/json', 'accept-language': req.acceptLanguage },
        })
        .then(
          (res) => ({
            id: req.id,
            status: res.statusCode,
            body: res.statusCode === 204 || res.statusCode === 304 ? null : res.body,
            contentType: String(res.headers['content-type'] ?? 'application/json'),
          }),
          () => ({ id: req.id, status: 500, body: null, contentType: 'application/json' }),
        )
        .then((reply) => port.postMessage(reply));
    });
  return {
    async render(url, { origin, signal }) {
      const { port1, port2 } = new MessageChannel();
      answer(port1);
      // A render past its time is answered without it at once, whatever the thread is doing; closing its
      // port (below) tells the thread, which ends that render there. The signal is not Piscina's: a task
      // with one runs alone on its thread whenever it is the thread's only task, and the renders queued
      // behind it waited for seconds at a time.
      let abort!: () => void;
      const gaveUp = new Promise<never>((_, reject) => {
        abort = () => reject(new Error(`The page took longer than ${RENDER_TIMEOUT_MS} ms to render`));
      });
      signal.addEventListener('abort', abort, { once: true });
      try {
        const task = pool.run({ url, origin, port: port2 }, { transferList: [port2] });
        // Once given up on, the render's own end (its stream aborted) is of no interest.
        task.catch(() => undefined);
        return (await Promise.race([task, gaveUp])) as RenderResult;
      } finally {
        signal.removeEventListener('abort', abort);
        port1.close();
      }
    },
    close: () => pool.destroy(),
  };
}

interface CachedPage {
  html: string;
  etag: string;
  status: number;
  expires: number;
  /** The page compressed, kept once made, per encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';

/** The encoding a client takes, brotli first (Accept-Encoding; "identity" when neither). */
function pickEncoding(req: FastifyRequest): Encoding | null {
  const accept = String(req.headers['accept-encoding'] ?? '');
  const takes = (name: string) => new RegExp(`(^|[,\\s])${name}(?!;q=0(\\.0*)?(,|$))`).test(accept);
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
}

/** Brotli at a level quick enough to run for every page (as the API's own compression does). */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Pages are answered by the not-found handler, which the compression plugin does not reach, so they
 * are compressed here, on libuv's threads rather than the event loop; a kept page once per encoding.
 */
async function sendHtml(
  req: FastifyRequest,
  reply: FastifyReply,
  html: string,
  kept?: CachedPage['encoded'],
): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(req);
  if (!encoding) return reply.send(html);
  const bytes =
    kept?.[encoding] ?? (encoding === 'br' ? await brotli(html, BROTLI) : await gzip(html, { level: 6 }));
  if (kept) kept[encoding] = bytes;
  return reply.header('content-encoding', encoding).send(bytes);
}

const MAX_CACHED_PAGES = 2000;
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Serves the web app from the API's port: hashed assets with long caching,
 * and every page from this one place. Public pages are rendered on the server
 * (content, status, head tags and the data the browser hydrates from); the
 * account areas get the app's shell with the page's head tags.
 */
export async function serveWeb(app: FastifyInstance): Promise<void> {
  const dist = app.ctx.config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const template = fs.existsSync(indexFile) ? stylesFirst(fs.readFileSync(indexFile, 'utf8')) : null;
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
    : null;
  const preloadsFor = routePreloads(manifest);
  const bootFile = manifest?.['src/boot.ts']?.file;
  const renderer = template?.includes(ROOT_MARK) ? await loadRenderer(app) : null;
  if (renderer) app.addHook('onClose', () => renderer.close());
  const { config } = app.ctx;
  const pages = new Map<string, CachedPage>();
  // A job closed, paused or rejected on any instance leaves the rendered pages at once, as it leaves the listings.
  app.ctx.changes.on(LISTINGS_CHANGED, () => pages.clear());

  await registerFindability(app);
  await registerShareImages(app);

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

  // A rendered page asks for its scripts once it has painted, through the boot script (src/boot.ts).
  const scripts = template && bootFile ? splitScripts(template) : null;

  /**
   * The page template with the page's head. The app's shell asks for its screen's chunks beside the
   * entry. A page rendered on the server paints from its HTML and styles alone: it lists its scripts in
   * `#app-scripts`, and the boot script adds them once the page has painted.
   */
  const document = (url: string, head: PageHead, rendered = false) => {
    const lang = langOf(url.split('?')[0]!);
    const headTags = renderHead(head, config.site.brandName).replace(
      '<meta property="og:locale" content="en_IN">',
      `<meta property="og:locale" content="${OG_LOCALE[lang]}">`,
    );
    const boot = rendered ? scripts : null;
    const chunks = preloadsFor(url);
    const page = (boot?.bare ?? template!)
      .replace(HTML_OPEN, `<html lang="${lang}">`)
      .replace(
        HEAD_MARK,
        `${headTags}\n    ${languageHead(url, lang, config.publicBaseUrl, head.canonical)}` +
          (boot ? '' : `\n    ${chunks.map(modulePreload).join('\n    ')}`),
      )
      .replace(SITE_MARK, renderSiteConfig(config.site));
    if (!boot) return page;
    const list = safeJson({ entry: boot.entry, preload: [...chunks, ...boot.preload] });
    return page.replace(
      '</head>',
      `<script id="app-scripts" type="application/json">${list}</script>\n    <script type="module" src="/${bootFile}"></script>\n  </head>`,
    );
  };

  /** The app's shell with the page's head: the browser renders the page. */
  const shell = async (req: FastifyRequest, reply: FastifyReply, url: string, known?: PageHead) => {
    // The page's own head needs the database; without it the app still loads and shows its error state.
    const head =
      known ??
      (await headFor(url, app.ctx).catch((err: unknown) => {
        req.log.error({ err }, 'page head failed');
        return defaultHead(app.ctx, barePath(url.split('?')[0]!).lang);
      }));
    reply
      .status(head.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache');
    return sendHtml(req, reply, document(url, head));
  };

  const sendCached = (req: FastifyRequest, reply: FastifyReply, page: CachedPage, state: string) => {
    reply.header('etag', page.etag).header('cache-control', 'no-cache').header('x-cache', state);
    if (req.headers['if-none-match'] === page.etag) return reply.status(304).send();
    reply.status(page.status).type('text/html; charset=utf-8');
    return sendHtml(req, reply, page.html, page.encoded);
  };

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
    const { path: pagePath } = barePath(url.split('?')[0]!);
    // A language the visitor chose with the switch is kept when they come back by an address in the other
    // one. Only their own choice does this: Accept-Language never redirects (the page offers Hindi instead).
    const chosen = rememberedLang(req.headers.cookie);
    if (chosen && chosen !== langOf(url.split('?')[0]!)) {
      return reply
        .header('vary', 'Cookie')
        .header('cache-control', 'no-cache')
        .redirect(inLang(url, chosen), 302);
    }
    reply.header('vary', 'Cookie');
    if (!renderer || BROWSER_ONLY.test(pagePath)) return shell(req, reply, url);

    // Server HTML is the same for every visitor (the session lives in the browser), so it may be shared.
    // The address carries the language (`/hi/…`), so the key keeps English and Hindi pages apart.
    const cacheable = config.pageCacheSeconds > 0 && !req.headers.authorization;
    const cacheKey = `${langOf(url.split('?')[0]!)}:${url}`;
    const hit = cacheable ? pages.get(cacheKey) : undefined;
    if (hit && hit.expires > Date.now()) return sendCached(req, reply, hit, 'hit');

    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), RENDER_TIMEOUT_MS);
    try {
      const [headResult, result] = await Promise.all([
        headFor(url, app.ctx).then(
          (head) => ({ head }),
          (err: unknown) => ({ err }),
        ),
        renderer.render(url, { origin: config.publicBaseUrl, signal: abort.signal }),
      ]);
      if (result.type === 'redirect') return reply.redirect(result.location, result.status);
      if (result.type === 'fallback' || 'err' in headResult) {
        if ('err' in headResult) req.log.error({ err: headResult.err }, 'page head failed');
        return shell(req, reply, url, defaultHead(app.ctx, barePath(url.split('?')[0]!).lang));
      }
      const status = result.status !== 200 ? result.status : (headResult.head.status ?? 200);
      const head =
        status === 404 && headResult.head.status !== 404
          ? missingPageHead(app.ctx, barePath(url.split('?')[0]!).lang)
          : headResult.head;
      // A Hindi page's title is its screen's own, as the browser shows it (the head's builder writes English).
      const shown = langOf(url.split('?')[0]!) === 'hi' ? result.title : undefined;
      const titled = shown ? { ...head, title: `${shown} | ${config.site.brandName}` } : head;

      const [before, after] = document(url, { ...titled, status }, true).split(ROOT_MARK) as [string, string];
      const html =
        `${before}<div id="root">${result.html}</div>` +
        `<script id="router-state" type="application/json">${result.routerState}</script>` +
        `<script id="query-state" type="application/json">${result.queryState}</script>${after}`;
      let kept: CachedPage | undefined;
      if (cacheable && (status === 200 || status === 410)) {
        if (pages.size >= MAX_CACHED_PAGES && !pages.has(cacheKey)) pages.delete(pages.keys().next().value!);
        kept = {
          html,
          etag: `W/"${createHash('sha1').update(html).digest('base64url')}"`,
          encoded: {},
          status,
          expires: Date.now() + config.pageCacheSeconds * 1000,
        };
        pages.set(cacheKey, kept);
      }
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-cache', cacheable ? 'miss' : 'off');
      return sendHtml(req, reply, html, kept?.encoded);
    } catch (err) {
      req.log.error({ err }, 'page render failed');
      return shell(req, reply, url);
    } finally {
      clearTimeout(timer);
    }
  });
}
