import type { Language } from '@spajobs/contract/localize';

/**
 * What every e-mail needs to speak the reader's language: links to the site's
 * pages in it (Hindi pages live under /hi), and Indian formats from Intl.
 */

/** A page of the site in the language: `/jobs` → `https://…/hi/jobs` for Hindi. */
export const pageUrl = (base: string, lang: Language, path: string) =>
  `${base}${lang === 'hi' ? '/hi' : ''}${path}`;

export const locale = (lang: Language) => (lang === 'hi' ? 'hi-IN' : 'en-IN');

/** Rupees with Indian grouping: ₹1,20,000. */
export const rupees = (amount: number, lang: Language) => `₹${amount.toLocaleString(locale(lang))}`;

/** A date and time in India's time zone, written the reader's way. */
export const dateTime = (iso: string, lang: Language) =>
  new Intl.DateTimeFormat(locale(lang), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

/** 'one' or 'other' (or another CLDR category) for a count in the language. */
export const pluralOf = (n: number, lang: Language) => new Intl.PluralRules(locale(lang)).select(n);

/** A stored language ('hi', 'en', null, anything else) as one we write in. */
export const asLanguage = (value: string | null | undefined): Language => (value === 'hi' ? 'hi' : 'en');
