/**
 * Starts the app on a page rendered on the server, once the browser has painted that page.
 *
 * The server's HTML is the page: it paints from its HTML and stylesheet alone. Its scripts are asked for
 * only after that first paint, so on a phone's slow connection and few connections they do not take
 * bandwidth from the stylesheet, and the phone's processor does not evaluate them before the page shows.
 * The server lists them (the app's entry and the screen's chunks) in `#app-scripts`.
 *
 * Until the app has taken the page over, its links work as plain links, but its buttons would do nothing
 * (or, in a form, send it the old way) and a choice made in its lists would change nothing else. A tap on
 * a button, a choice in a list and words typed meanwhile are held and handed to the app once it is there.
 */
interface AppScripts {
  entry: string;
  preload: string[];
}

let started = false;
function start() {
  if (started) return;
  started = true;
  const text = document.getElementById('app-scripts')?.textContent;
  if (!text) return;
  const { entry, preload } = JSON.parse(text) as AppScripts;
  // The screen's chunks are fetched beside the entry, not after it has run.
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

/** What the visitor did before the app arrived, in order, to be done again once it is there. */
type Held =
  | { kind: 'click'; el: HTMLElement }
  | { kind: 'value'; el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; value: string };
const held: Held[] = [];
const root = document.documentElement;
const waiting = () => root.dataset.hydrated !== 'true';

function holdClick(event: MouseEvent) {
  const el = (event.target as Element | null)?.closest<HTMLElement>('button, [role="button"]');
  if (!el || !waiting()) return;
  event.preventDefault();
  event.stopPropagation();
  held.push({ kind: 'click', el });
  start();
}

/** A choice in a list or words typed: the page's own controls change, but nothing reads them yet. */
function holdValue(event: Event) {
  const el = event.target;
  if (!waiting()) return;
  const field =
    el instanceof HTMLSelectElement ||
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(el.type));
  if (!field) return;
  const last = held[held.length - 1];
  // Each keystroke of one field is one change: the last value is the one that counts.
  if (last?.kind === 'value' && last.el === el) last.value = el.value;
  else held.push({ kind: 'value', el, value: el.value });
  start();
}

/** Sets a field's value as the visitor did, so that the app hears of it (React watches the events). */
function replayValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set;
  setter?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

document.addEventListener('click', holdClick, true);
document.addEventListener('input', holdValue, true);
document.addEventListener('change', holdValue, true);
// The app marks the page once it has taken it over (lib/hydrated-mark.tsx); what was held goes to it then.
new MutationObserver((_, observer) => {
  if (waiting()) return;
  observer.disconnect();
  document.removeEventListener('click', holdClick, true);
  document.removeEventListener('input', holdValue, true);
  document.removeEventListener('change', holdValue, true);
  for (const action of held.splice(0)) {
    if (!action.el.isConnected) continue;
    if (action.kind === 'click') action.el.click();
    else replayValue(action.el, action.value);
  }
}).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });

// Once the browser reports the page's first paint. A page opened in a background tab paints nothing until
// shown, so it starts at once; a page that never paints anything starts after a few seconds; a browser
// that does not report paints starts after the next frame has been painted (its callback runs just
// before the paint, the timeout after it).
if (document.visibilityState === 'hidden') start();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000);
} else requestAnimationFrame(() => setTimeout(start, 0));
