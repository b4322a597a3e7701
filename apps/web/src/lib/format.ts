import { intlLocale, t } from '../messages';

const DAY = 86_400_000;

/**
 * Intl's formatters, made once per language and kind: making one loads the language's data and costs far
 * more than using it, and a page of job cards formats dozens of numbers and dates.
 */
const formatters = new Map<string, unknown>();
function formatter<T>(kind: string, make: (locale: string) => T): T {
  const locale = intlLocale();
  const key = `${kind}:${locale}`;
  let f = formatters.get(key) as T | undefined;
  if (!f) formatters.set(key, (f = make(locale)));
  return f;
}

/** "3 days ago" / "3 दिन पहले": the language's own words for time spans, from Intl. */
function ago(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return formatter('ago', (l) => new Intl.RelativeTimeFormat(l, { numeric: 'always' })).format(-value, unit);
}

/** Spec section 9: Today, Yesterday, N days ago, weeks, months; "Recently" without a date. */
export function relativePostedTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return t.common.recently;
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return t.common.recently;
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const days = Math.max(0, Math.floor((startOfToday.getTime() - new Date(then).setHours(0, 0, 0, 0)) / DAY));
  if (days === 0) return t.common.today;
  if (days === 1) return t.common.yesterday;
  if (days < 7) return ago(days, 'day');
  if (days < 30) return ago(Math.floor(days / 7), 'week');
  return ago(Math.floor(days / 30), 'month');
}

/** Rating clamped to 0–5, one decimal. */
export function formatRating(r: number | null | undefined): string {
  const v = Math.min(5, Math.max(0, Number(r) || 0));
  return v.toFixed(1);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : formatter(
        'date',
        (l) => new Intl.DateTimeFormat(l, { day: 'numeric', month: 'short', year: 'numeric' }),
      ).format(d);
}

/** Phone and WhatsApp links carry the +91 country code. */
export function indianPhoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const local = digits.length > 10 && digits.startsWith('91') ? digits.slice(-10) : digits;
  return `91${local}`;
}
export const telLink = (phone: string) => `tel:+${indianPhoneDigits(phone)}`;
/** A WhatsApp chat with the number, with the message typed in when one is given. */
export const whatsappLink = (phone: string, text?: string) =>
  `https://wa.me/${indianPhoneDigits(phone)}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
/** WhatsApp's own "send to…" screen with the text ready: sharing to any chat. */
export const whatsappShareLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** Whole numbers in the Indian grouping: 1,450 and 1,00,000 (Latin digits in Hindi too, as Indian sites write them). */
export const formatCount = (n: number) => formatter('count', (l) => new Intl.NumberFormat(l)).format(n);
/** A count the server may have stopped at its cap: "1,450", or "10,000+" when `capped`. */
export const formatCappedCount = (n: number, capped = false) => `${formatCount(n)}${capped ? '+' : ''}`;

/** Rupees in the Indian grouping, without paise: ₹1,20,000. */
export const formatMoney = (rupees: number) =>
  formatter(
    'money',
    (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
  ).format(rupees);

/**
 * A count with its words: `one` is the catalogue's explicit form for exactly 1
 * ("1 job found"), `other` has a {count} placeholder. Intl.PluralRules picks
 * the form; Hindi's "one" category also covers 0, which reads as the {count} form.
 */
export function plural(n: number, one: string, other: string): string {
  const rule = formatter('plural', (l) => new Intl.PluralRules(l)).select(n);
  return rule === 'one' && n === 1 ? one : other.replace('{count}', formatCount(n));
}

/** Images stored as paths are served by the API host. */
export function assetUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  return /^(https?:|data:|blob:)/.test(path) ? path : path.startsWith('/') ? path : `/${path}`;
}
