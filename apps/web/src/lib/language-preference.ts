import type { Locale } from '../messages/locale';

/** The visitor's chosen language, remembered for a year on every path (read by the server too). */
export const LANG_COOKIE = 'lang';

export function rememberLanguage(lang: Locale): void {
  document.cookie = `${LANG_COOKIE}=${lang}; Max-Age=31536000; Path=/; SameSite=Lax`;
}

export function rememberedLanguage(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): Locale | null {
  const m = /(?:^|;\s*)lang=(en|hi)(?:;|$)/.exec(cookie);
  return m ? (m[1] as Locale) : null;
}

/**
 * True when the visitor's languages (the browser's list, which its
 * Accept-Language header is made from) put Hindi before English.
 */
export function prefersHindi(languages: readonly string[]): boolean {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (primary === 'hi') return true;
    if (primary === 'en') return false;
  }
  return false;
}
