import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBuild, startWebApp, type WebApp } from './ssr-test-support.ts';

/**
 * A renderer that says which thread rendered the page, whose thread ends in the middle of a page when
 * the address asks it to, as a crash would end it, and that waits long for one page's data.
 */
const CRASHING_RENDERER = `
import { threadId } from 'node:worker_threads';
export function configure() {}
export async function render(url) {
  if (url.startsWith('/crash')) process.exit(1);
  // A page that waits for its data a long time.
  if (url.startsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 1500));
  return {
    type: 'page',
    status: 200,
    routerState: '{}',
    queryState: '{}',
    title: () => undefined,
    open: async () => ({ pipe: (out) => out.end('<main>rendered on thread ' + threadId + '</main>') }),
  };
}
`;

const renderedOn = (html: string) => /rendered on thread (\d+)/.exec(html)?.[1];

describe('render threads', () => {
  let app: WebApp;

  beforeAll(async () => {
    const dist = fakeBuild();
    fs.writeFileSync(path.join(dist, 'crashing-renderer.mjs'), CRASHING_RENDERER);
    app = await startWebApp(dist, {
      WEB_SERVER_ENTRY: path.join(dist, 'crashing-renderer.mjs'),
      RENDER_THREADS: '1',
      PAGE_CACHE_SECONDS: '0',
    });
  });
  afterAll(() => app.close());

  it('a page whose render thread dies gets the app to render it in the browser, and a new thread takes over', async () => {
    const first = await app.web.inject('/about');
    expect(first.statusCode).toBe(200);
    const before = renderedOn(first.body);
    expect(before).toBeDefined();

    const crashed = await app.web.inject('/crash');
    expect(crashed.statusCode).toBe(200);
    expect(renderedOn(crashed.body)).toBeUndefined();
    // The app's shell: an empty root that the browser's app fills, with the app's own script.
    expect(crashed.body).toContain('<div id="root"></div>');
    expect(crashed.body).toContain('src="/assets/index-abc.js"');

    const after = await app.web.inject('/about?again');
    expect(after.statusCode).toBe(200);
    expect(renderedOn(after.body)).toBeDefined();
    expect(renderedOn(after.body)).not.toBe(before);
  });

  it('renders interleave on a thread: a page waiting for its data holds up no other page', async () => {
    const done: string[] = [];
    const slow = app.web.inject('/slow').then((res) => done.push(`slow ${res.statusCode}`));
    // The slow page is on the thread first, alone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quick = app.web.inject('/about?quick').then((res) => {
      done.push(`quick ${res.statusCode}`);
      return res;
    });
    const rendered = await quick;
    expect(renderedOn(rendered.body)).toBeDefined();
    await slow;
    expect(done).toEqual(['quick 200', 'slow 200']);
  });
});
