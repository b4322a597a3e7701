import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatMoney, plural, relativePostedTime } from '../lib/format';
import { loadCatalogue, localePath, setLocale, t } from '.';
import { localized, localeOf, stripLocale } from './locale';

// Read once at import, as components do at module scope: must still follow the language.
const detail = t.spas.detail;

afterEach(() => setLocale('en'));

describe('addresses in a language', () => {
  it('puts Hindi pages under /hi and English ones at the root, keeping query and hash', () => {
    expect(localePath('/', 'hi')).toBe('/hi');
    expect(localePath('/jobs?city=Pune#top', 'hi')).toBe('/hi/jobs?city=Pune#top');
    expect(localePath('/?x=1', 'hi')).toBe('/hi?x=1');
    expect(localePath('/hi/jobs?city=Pune', 'en')).toBe('/jobs?city=Pune');
    expect(localePath('/hi', 'en')).toBe('/');
    expect(localePath('/hi/job/7', 'hi')).toBe('/hi/job/7');
  });

  it('leaves relative and outside addresses, the API and files alone', () => {
    for (const p of ['jobs', '#main', 'https://wa.me/91', '//cdn.example', '/api/v1/jobs', '/uploads/a.png'])
      expect(localePath(p, 'hi')).toBe(p);
  });

  it('knows a page’s language from its address only', () => {
    expect(localeOf('/hi')).toBe('hi');
    expect(localeOf('/hi/jobs')).toBe('hi');
    expect(localeOf('/hiring')).toBe('en');
    expect(stripLocale('/hi/spa/3')).toBe('/spa/3');
    expect(stripLocale('/history')).toBe('/history');
  });
});

describe('the catalogue view', () => {
  it('reads the current language when a text is used, not when it was imported', async () => {
    await loadCatalogue('hi');
    expect(detail.back).toBe('All spas');
    setLocale('hi');
    expect(detail.back).toBe('सभी स्पा');
    expect(t.common.loading).toBe('लोड हो रहा है...');
    expect(t.trust.statusLabels['hired']).toBe('चयन हो गया');
    expect(Object.keys(t.trust.reportReasons)).toEqual(['fake', 'asks-money', 'wrong-details']);
    expect(t.about.faq).toHaveLength(5);
    setLocale('en');
    expect(detail.back).toBe('All spas');
  });

  it('behaves like the object it stands for', () => {
    let lang: 'a' | 'b' = 'a';
    const view = localized(() =>
      lang === 'a' ? { x: { y: 'A', list: [1] } } : { x: { y: 'B', list: [2] } },
    );
    const x = view.x;
    expect({ ...x }).toEqual({ y: 'A', list: [1] });
    expect('y' in x).toBe(true);
    lang = 'b';
    expect(x.y).toBe('B');
    expect(Object.entries(x)).toEqual([
      ['y', 'B'],
      ['list', [2]],
    ]);
  });
});

describe('Indian formats through Intl', () => {
  const now = new Date('2026-03-10T12:00:00').getTime();
  const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();

  it('keeps English exactly as before', () => {
    expect(relativePostedTime(daysAgo(0), now)).toBe('Today');
    expect(relativePostedTime(daysAgo(1), now)).toBe('Yesterday');
    expect(relativePostedTime(daysAgo(3), now)).toBe('3 days ago');
    expect(relativePostedTime(daysAgo(7), now)).toBe('1 week ago');
    expect(relativePostedTime(daysAgo(15), now)).toBe('2 weeks ago');
    expect(relativePostedTime(daysAgo(31), now)).toBe('1 month ago');
    expect(relativePostedTime(daysAgo(65), now)).toBe('2 months ago');
    expect(formatMoney(120000)).toBe('₹1,20,000');
    expect(formatCount(1450000)).toBe('14,50,000');
    expect(formatDate('2025-11-01T10:00:00Z')).toBe('1 Nov 2025');
    expect(plural(1, '1 job found', '{count} jobs found')).toBe('1 job found');
    expect(plural(1200, '1 job found', '{count} jobs found')).toBe('1,200 jobs found');
  });

  it('writes Hindi with hi-IN: lakh grouping, Hindi dates and time spans', async () => {
    await loadCatalogue('hi');
    setLocale('hi');
    expect(relativePostedTime(daysAgo(0), now)).toBe('आज');
    expect(relativePostedTime(daysAgo(1), now)).toBe('कल');
    expect(relativePostedTime(daysAgo(3), now)).toBe('3 दिन पहले');
    expect(relativePostedTime(daysAgo(14), now)).toMatch(/^2 (सप्ताह|हफ़्ते) पहले$/);
    expect(formatMoney(120000)).toBe('₹1,20,000');
    expect(formatCount(1450000)).toBe('14,50,000');
    expect(formatDate('2025-11-01T10:00:00Z')).toMatch(/^1 नव(॰|\.|म्बर|ंबर)? 2025$/);
    expect(plural(0, '1 जॉब मिली', '{count} जॉब मिलीं')).toBe('0 जॉब मिलीं');
    expect(plural(1, '1 जॉब मिली', '{count} जॉब मिलीं')).toBe('1 जॉब मिली');
  });
});
