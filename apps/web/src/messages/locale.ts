/**
 * The current language. In the browser it follows the address (`/hi/…` is
 * Hindi), set by the root layout before its children render. On the server,
 * where renders of both languages run side by side, the renderer injects a
 * getter (AsyncLocalStorage) that wins over the module-level value; this file
 * imports no node module, so the browser bundle stays clean.
 */
export type Locale = 'en' | 'hi';
export const LOCALES: readonly Locale[] = ['en', 'hi'];

/** The BCP 47 tags `Intl` formats with: Indian English and Hindi. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

let current: Locale = 'en';
let perRequest: (() => Locale | undefined) | undefined;

export function locale(): Locale {
  return perRequest?.() ?? current;
}

/** The browser's language (the root layout calls it; on the server the per-render getter decides). */
export function setLocale(lang: Locale): void {
  if (!perRequest) current = lang;
}

/** Server only: the language of the render in progress (undefined outside one). */
export function setLocaleSource(get: () => Locale | undefined): void {
  perRequest = get;
}

export const intlLocale = (lang: Locale = locale()) => INTL_LOCALE[lang];

const HI_PREFIX = /^\/hi(?=\/|\?|#|$)/;

/** The language an address is in. */
export const localeOf = (pathname: string): Locale => (HI_PREFIX.test(pathname) ? 'hi' : 'en');

/** An address without its language prefix: `/hi/jobs?x=1` → `/jobs?x=1`, `/hi` → `/`. */
export function stripLocale(path: string): string {
  if (!HI_PREFIX.test(path)) return path;
  const rest = path.slice(3);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The same page in `lang`: `localePath('/jobs?city=Pune', 'hi')` → `/hi/jobs?city=Pune`.
 * Relative and outside addresses (and the API, uploads, share images) are left alone.
 */
export function localePath(path: string, lang: Locale = locale()): string {
  if (!path.startsWith('/') || path.startsWith('//') || /^\/(api|uploads|share)(\/|$)/.test(path))
    return path;
  const bare = stripLocale(path);
  if (lang === 'en') return bare;
  return bare === '/' || /^\/[?#]/.test(bare) ? `/hi${bare.slice(1)}` : `/hi${bare}`;
}

type AnyRecord = Record<PropertyKey, unknown>;
const isBranch = (v: unknown): v is AnyRecord => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A view of a catalogue that reads the current language at the moment a text
 * is used, not when it is imported: `const m = t.spas.detail` at module scope
 * still shows Hindi on a Hindi render. Branches are proxies over their path;
 * leaves (strings, arrays, functions) come from the current catalogue.
 */
export function localized<T extends object>(current: () => T): T {
  const proxies = new Map<string, object>();
  const at = (path: readonly string[]): unknown => {
    let v: unknown = current();
    for (const k of path) v = isBranch(v) ? v[k] : undefined;
    return v;
  };
  const read = (path: readonly string[], prop: string | symbol): unknown => {
    const here = at(path);
    if (!isBranch(here)) return undefined;
    if (typeof prop === 'symbol') return here[prop];
    const v = here[prop];
    return isBranch(v) ? view([...path, prop]) : v;
  };
  const view = (path: string[]): object => {
    const key = path.join('\u0000');
    let proxy = proxies.get(key);
    if (!proxy) {
      proxy = new Proxy(
        {},
        {
          get: (_target, prop) => read(path, prop),
          has: (_target, prop) => {
            const here = at(path);
            return isBranch(here) && prop in here;
          },
          ownKeys: () => {
            const here = at(path);
            return isBranch(here) ? Reflect.ownKeys(here) : [];
          },
          getOwnPropertyDescriptor: (_target, prop) => {
            const here = at(path);
            if (!isBranch(here) || !Object.prototype.hasOwnProperty.call(here, prop)) return undefined;
            return { value: read(path, prop), enumerable: true, configurable: true, writable: false };
          },
        },
      );
      proxies.set(key, proxy);
    }
    return proxy;
  };
  return view([]) as T;
}
