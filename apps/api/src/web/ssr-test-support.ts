import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * The web build's page template and manifest (as Vite writes them), without the client bundle: tests read
 * raw HTML only.
 */
export function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-ssr-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><!--app-head--><!--site-config--><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/react-abc.js"><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react-abc.js'] },
      '_react-abc.js': { file: 'assets/react-abc.js' },
      'src/boot.ts': { file: 'assets/boot-abc.js', isEntry: true },
      'src/routes/about.tsx': { file: 'assets/about-abc.js', imports: ['index.html'], isDynamicEntry: true },
    }),
  );
  return dir;
}

/** The page's text without tags and data blocks, as a visitor without JavaScript reads it. */
export const visibleText = (html: string) =>
  html
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, ' ')
    .replace(/<head>[\s\S]*<\/head>/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** The API serving the web build in `dist`, over a test database that `fill` writes first. */
export interface WebApp {
  t: TestApp;
  web: FastifyInstance;
  /** Stops both and removes `dist`. */
  close(): Promise<void>;
}

export async function startWebApp(
  dist: string,
  env: Record<string, string>,
  fill: (t: TestApp) => Promise<void> = async () => undefined,
): Promise<WebApp> {
  const t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: dist, ...env } });
  await fill(t);
  const web = await buildApp({ config: t.config, database: t.database, logger: false, web: true });
  await web.ready();
  return {
    t,
    web,
    async close() {
      await web.close();
      await t.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}
