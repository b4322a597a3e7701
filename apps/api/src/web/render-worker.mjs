// Server rendering in a worker thread: a page costs a few milliseconds of React and the router's work,
// which on the API's event loop would hold up every other request for as long. The pool in
// serve-web.ts gives each render a port of its own; the page's API calls go back through it and are
// answered by the API process (the same routes and caches as the browser's calls), so this thread
// only matches, renders and serializes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';

const renderer = await import(pathToFileURL(workerData.entry).href);

/** The port of the render in progress (renders interleave while they wait for their data). */
const current = new AsyncLocalStorage();

renderer.configure({
  site: workerData.site,
  transport(url, init) {
    const port = current.getStore();
    if (!port) return Promise.reject(new Error('An API call outside a render'));
    return port.call(url, init);
  },
});

/**
 * Asks the API process for one API response over the render's port. The API process closes the port
 * when it has stopped waiting for the page (past its time): the render ends there.
 */
function caller(port) {
  const waiting = new Map();
  const aborted = new AbortController();
  let next = 0;
  port.on('close', () => {
    aborted.abort(new Error('The page took too long to render'));
    for (const fail of waiting.values()) fail(null);
    waiting.clear();
  });
  port.on('message', ({ id, status, body, contentType }) => {
    const done = waiting.get(id);
    waiting.delete(id);
    done?.(new Response(body, { status, headers: { 'content-type': contentType } }));
  });
  return {
    signal: aborted.signal,
    call(url, init) {
      if (aborted.signal.aborted) return Promise.reject(aborted.signal.reason);
      const id = next++;
      const acceptLanguage = new Headers(init?.headers).get('accept-language') ?? 'en';
      return new Promise((resolve, reject) => {
        waiting.set(id, (response) => (response ? resolve(response) : reject(aborted.signal.reason)));
        port.postMessage({ id, url, method: init?.method ?? 'GET', acceptLanguage });
      });
    },
  };
}

/** The rendered inside of #root, as one string (the page is whole before it is sent: see entry-server). */
function collect(stream) {
  return new Promise((resolve, reject) => {
    const parts = [];
    const out = new Writable({
      write(chunk, _enc, done) {
        parts.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(parts).toString('utf8'));
        done();
      },
    });
    out.on('error', reject);
    stream.pipe(out);
  });
}

/** One page: what `render` in entry-server answers, with a page's HTML and title in place of its stream. */
export default async function render({ url, origin, port }) {
  const api = caller(port);
  try {
    return await current.run(api, async () => {
      const result = await renderer.render(url, { origin, signal: api.signal });
      if (result.type !== 'page') return result;
      const html = await collect(await result.open());
      return {
        type: 'page',
        status: result.status,
        routerState: result.routerState,
        queryState: result.queryState,
        html,
        title: result.title?.(),
      };
    });
  } finally {
    port.close();
  }
}
