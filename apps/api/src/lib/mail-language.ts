import type { Language } from '@spajobs/contract/localize';

/**
 * What every e-mail needs to speak the reader's language: links to the site's
 * pages in it (Hindi pages live under /hi), and Indian formats from Intl.
 */

/** A page of the site in the language: `/jobs` → `https://…/hi/jobs` for Hindi. */
export const pageUrl = (base: string, lang: Language, path: string) =>
  `${base}${lang === 'hi' ? '/hi' : ''}${path}`;

export const locale = (lang: Language) => (lang === 'hi' ? 'hi-IN' : 'en-IN');

/**
 * Intl's formatters, made once per language: making one loads the locale's data, which cost more than
 * the rest of a digest's text (`toLocaleString` with a locale makes a new one on every call).
 */
function perLanguage<F>(make: (locale: string) => F): (lang: Language) => F {
  const made = new Map<Language, F>();
  return (lang) => {
    let f = made.get(lang);
    if (!f) made.set(lang, (f = make(locale(lang))));
    return f;
  };
}

const numbers = perLanguage((l) => new Intl.NumberFormat(l));
const dateTimes = perLanguage(
  (l) => new Intl.DateTimeFormat(l, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Asia/Kolkata' }),
);
const plurals = perLanguage((l) => new Intl.PluralRules(l));

/** Rupees with Indian grouping: ₹1,20,000. */
export const rupees = (amount: number, lang: Language) => `₹${numbers(lang).format(amount)}`;

/** A date and time in India's time zone, written the reader's way. */
export const dateTime = (iso: string, lang: Language) => dateTimes(lang).format(new Date(iso));

/** 'one' or 'other' (or another CLDR category) for a count in the language. */
export const pluralOf = (n: number, lang: Language) => plurals(lang).select(n);

/** A stored language ('hi', 'en', null, anything else) as one we write in. */
export const asLanguage = (value: string | null | undefined): Language => (value === 'hi' ? 'hi' : 'en');
