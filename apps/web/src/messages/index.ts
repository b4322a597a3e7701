import { en, type Messages } from './en';
import { locale, localized, type Locale } from './locale';

export { locale, setLocale, localePath, localeOf, stripLocale, intlLocale, type Locale } from './locale';

/** Every catalogue has the shape of the English one (TypeScript checks hi.ts against it). */
export type Catalogue = Messages;

const catalogues: Partial<Record<Locale, Catalogue>> = { en };
/** Puts an English contract message into a language (English needs nothing). */
const ruleTranslators: Partial<Record<Locale, (english: string) => string>> = {};
let hindi: Promise<void> | undefined;

/**
 * Makes a language's texts available. Hindi is a chunk of its own, fetched
 * only for Hindi pages, so English pages carry no Hindi.
 */
export function loadCatalogue(lang: Locale): Promise<void> {
  if (catalogues[lang]) return Promise.resolve();
  hindi ??= import('./hi').then((m) => {
    catalogues.hi = m.hi;
    ruleTranslators.hi = m.ruleTextHi;
  });
  return hindi;
}

export const catalogueLoaded = (lang: Locale): boolean => Boolean(catalogues[lang]);

/** The catalogue of `lang` (English until the other one has loaded). */
export const catalogue = (lang: Locale = locale()): Catalogue => catalogues[lang] ?? en;

/** The texts of the current language, read at the moment they are shown. */
export const t: Catalogue = localized(() => catalogue());

/**
 * A contract message (the exact English the schemas and the API carry) in the
 * current language: form errors come from the shared zod schemas in English.
 */
export function ruleText(message: string | undefined): string | undefined {
  const translate = message ? ruleTranslators[locale()] : undefined;
  return translate ? translate(message!) : message;
}

/** Fills {name} placeholders: format('{Provider} login…', {Provider: 'Google'}). */
export function format(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
