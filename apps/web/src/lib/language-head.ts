import { localePath, type Locale } from '../messages/locale';

/** Open Graph's names for the two languages. */
export const OG_LOCALE: Record<Locale, string> = { en: 'en_IN', hi: 'hi_IN' };

/** The job listing's canonical address keeps only the filters that make it a different page. */
const JOBS_PATH = /^\/(jobs|jobs-india|all\/jobs\/filters)$/;

/** The language-free address a page is known by: `/jobs?city=Pune`, `/job/12`, `/`. */
export function canonicalPath(pathname: string, search: string): string {
  if (pathname === '/home') return '/';
  if (!JOBS_PATH.test(pathname)) return pathname;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const k of ['category', 'state', 'city']) {
    const v = params.get(k)?.trim();
    if (v) kept.set(k, v);
  }
  return `/jobs${kept.size ? `?${kept.toString()}` : ''}`;
}

function upsert(selector: string, create: () => HTMLElement, set: (el: HTMLElement) => void) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  set(el);
}

const link = (rel: string, hreflang?: string) => () => {
  const el = document.createElement('link');
  el.rel = rel;
  if (hreflang) el.hreflang = hreflang;
  return el;
};

/**
 * Keeps the head right as the visitor moves around in the browser: `<html
 * lang>`, the canonical address and the `hreflang` alternates (en, hi,
 * x-default) of the page now shown, and Open Graph's locale. The server writes
 * the same tags into the first HTML.
 */
export function syncLanguageHead(lang: Locale, pathname: string, search: string): void {
  document.documentElement.lang = lang;
  const origin = window.location.origin;
  const path = canonicalPath(pathname, search);
  const at = (l: Locale) => `${origin}${localePath(path, l)}`;
  upsert('link[rel="canonical"]', link('canonical'), (el) => el.setAttribute('href', at(lang)));
  for (const [hreflang, l] of [
    ['en', 'en'],
    ['hi', 'hi'],
    ['x-default', 'en'],
  ] as const) {
    upsert(`link[rel="alternate"][hreflang="${hreflang}"]`, link('alternate', hreflang), (el) =>
      el.setAttribute('href', at(l)),
    );
  }
  upsert(
    'meta[property="og:locale"]',
    () => {
      const el = document.createElement('meta');
      el.setAttribute('property', 'og:locale');
      return el;
    },
    (el) => el.setAttribute('content', OG_LOCALE[lang]),
  );
}
