import { en, type Messages } from './en';
import type { HindiCore, HindiPages } from './hi';
import { locale, localized, stripLocale, type Locale } from './locale';

export { locale, setLocale, localePath, localeOf, stripLocale, intlLocale, type Locale } from './locale';

/** Every catalogue has the shape of the English one (TypeScript checks hi.ts against it). */
export type Catalogue = Messages;

const catalogues: Partial<Record<Locale, Catalogue>> = { en };
/** Puts an English contract message into a language (English needs nothing). */
const ruleTranslators: Partial<Record<Locale, (english: string) => string>> = {};

// Hindi comes in three chunks, so a Hindi page's first load carries only what it shows: the core texts
// (every page), the texts of the other pages and forms (hi-pages.ts), and the contract's
// messages for forms.
type HindiParts = {
  core?: HindiCore;
  pages?: HindiPages;
  rules?: Catalogue['rules'];
};
const hindi: HindiParts = {};
const loading: { core?: Promise<void>; pages?: Promise<void>; rules?: Promise<void> } = {};

/**
 * The Hindi catalogue from its chunks: English stands in for the texts of a
 * chunk not loaded yet (the pages' and forms' texts, the contract's messages).
 */
export function hindiCatalogue(core: HindiCore, pages?: HindiPages, rules?: Catalogue['rules']): Catalogue {
  const { authForms, guestForm, ...pageTexts } = pages ?? {
    about: en.about,
    legal: en.legal,
    contactPage: en.contactPage,
    alerts: en.alerts,
    profile: en.profile,
    dashboard: en.dashboard,
    authForms: en.auth,
    guestForm: en.jobs,
  };
  return {
    ...core,
    ...pageTexts,
    auth: { ...authForms, ...core.auth },
    jobs: { ...guestForm, ...core.jobs },
    rules: rules ?? en.rules,
  };
}

function assembleHindi() {
  if (hindi.core) catalogues.hi = hindiCatalogue(hindi.core, hindi.pages, hindi.rules);
}

const loadHindiCore = () =>
  (loading.core ??= import('./hi').then((m) => {
    hindi.core = m.hi;
    assembleHindi();
  }));
const loadHindiPages = () =>
  (loading.pages ??= import('./hi-pages').then((m) => {
    hindi.pages = m.hiPages;
    assembleHindi();
  }));
const loadHindiRules = () =>
  (loading.rules ??= import('./hi-rules').then((m) => {
    hindi.rules = m.hiRules;
    ruleTranslators.hi = m.ruleTextHi;
    assembleHindi();
  }));

/** Runs `work` once the page has loaded and the browser is idle (at once where there is no page). */
function afterLoad(work: () => void): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return work();
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(work, { timeout: 3000 })
      : setTimeout(work, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Pages that show the texts of hi-pages.ts. */
const PAGES_TEXTS =
  /^\/(about|privacy|terms|contact|jobs|jobs-india|all\/jobs\/filters|alerts\/.+|candidate\/dashboard|dashboard|edit-profile|applications|unauthorized|login|register|forgot-password|reset-password|auth\/callback|apply\/.+|guest\/apply\/.+|thank-you)$/;
/** Pages without forms of their own on first render: the contract's messages may follow them. */
const NO_FORMS =
  /^\/(|home|spas|jobs|jobs-india|all\/jobs\/filters|job\/[^/]+|spa\/[^/]+|spa\/[^/]+\/job\/[^/]+|about|privacy|terms|contact|thank-you)$/;

/**
 * Makes a language's texts available for the page at `pathname` (without
 * one, all of them, as the server renderer needs). Hindi is fetched only for
 * Hindi pages, so English pages carry none of it; the contract's messages are
 * always fetched, but only pages with forms wait for them.
 */
export function loadCatalogue(lang: Locale, pathname?: string): Promise<void> {
  if (lang === 'en') return Promise.resolve();
  const path =
    pathname === undefined
      ? undefined
      : stripLocale(pathname)
          .split(/[?#]/)[0]!
          .replace(/(.)\/$/, '$1');
  const waits = [loadHindiCore()];
  if (path === undefined || PAGES_TEXTS.test(path)) waits.push(loadHindiPages());
  if (path === undefined || !NO_FORMS.test(path)) waits.push(loadHindiRules());
  // A page without forms fetches them once it has loaded, so they do not compete with its first load.
  else afterLoad(() => void loadHindiRules());
  return Promise.all(waits).then(() => undefined);
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
