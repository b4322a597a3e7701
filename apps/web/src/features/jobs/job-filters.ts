import {
  DEFAULT_RADIUS_KM,
  JOB_PAGE_SIZE,
  RADIUS_OPTIONS,
  RESULT_WINDOW,
  TOTAL_CAP,
} from '@spajobs/contract/constants';

const RADIUS_CHOICES: readonly number[] = RADIUS_OPTIONS;
import { todayInIndia } from '@spajobs/contract/fields';
import { format, t } from '../../messages';
import { formatCappedCount, formatCount } from '../../lib/format';

/** The job listing's filters and page, as they live in the query string. */
export interface JobFilters {
  /** The search box: words found in the title, the description or the spa's name. */
  q: string;
  /** A job title (links from elsewhere; no box of its own). */
  title: string;
  spa: string;
  category: string;
  state: string;
  city: string;
  postedDate: string;
  /** Near a place: "lat,lng" (4 decimals), its name for people, and the radius in km. */
  near: string;
  place: string;
  radius: string;
  /** The lowest monthly salary in rupees. */
  salaryMin: string;
  /** The candidate's years of experience. */
  experience: string;
  /** newest (empty), nearest or salary. */
  sort: string;
  page: number;
}

/** Settings that travel in the link beside the filters but have no chip of their own. */
type SettingKey = 'place' | 'radius' | 'sort';
export type FilterKey = Exclude<keyof JobFilters, 'page' | SettingKey>;
const SETTING_KEYS: readonly SettingKey[] = ['place', 'radius', 'sort'];

export const FILTER_KEYS: readonly FilterKey[] = [
  'q',
  'title',
  'spa',
  'category',
  'state',
  'city',
  'postedDate',
  'near',
  'salaryMin',
  'experience',
];

/** The minimum-salary choices (monthly rupees) and the experience choices (years). */
export const SALARY_CHOICES = [10_000, 15_000, 20_000, 30_000, 50_000] as const;
export const EXPERIENCE_CHOICES = [0, 1, 2, 3, 5] as const;

export const EMPTY_FILTERS: JobFilters = {
  q: '',
  title: '',
  spa: '',
  category: '',
  state: '',
  city: '',
  postedDate: '',
  near: '',
  place: '',
  radius: '',
  salaryMin: '',
  experience: '',
  sort: '',
  page: 1,
};

/** "19.1197,72.8468": a place as the link keeps it. */
export const nearValue = (lat: number, lng: number) => `${lat.toFixed(4)},${lng.toFixed(4)}`;

export function parseNear(near: string): { lat: number; lng: number } | null {
  const m = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(near);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

export function parseFilters(params: URLSearchParams): JobFilters {
  const text = (k: FilterKey) => (params.get(k) ?? '').trim().slice(0, 100);
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const postedDate = text('postedDate');
  return {
    q: text('q'),
    title: text('title'),
    spa: text('spa'),
    category: text('category'),
    state: text('state'),
    city: text('city'),
    postedDate: /^\d{4}-\d{2}-\d{2}$/.test(postedDate) ? postedDate : '',
    near: parseNear(text('near')) ? text('near') : '',
    place: parseNear(text('near')) ? (params.get('place') ?? '').trim().slice(0, 80) : '',
    radius: RADIUS_CHOICES.includes(Number(params.get('radius'))) ? String(Number(params.get('radius'))) : '',
    salaryMin: /^\d{1,7}$/.test(text('salaryMin')) ? String(Number(text('salaryMin'))) : '',
    experience: /^\d{1,2}$/.test(text('experience')) ? String(Number(text('experience'))) : '',
    sort: ['nearest', 'salary'].includes(params.get('sort') ?? '')
      ? params.get('sort') === 'nearest' && !parseNear(text('near'))
        ? ''
        : (params.get('sort') as string)
      : '',
    page: Number.isFinite(page) && page > 1 ? Math.min(page, Math.ceil(RESULT_WINDOW / JOB_PAGE_SIZE)) : 1,
  };
}

/** Only the filters that are set, and the page when it is not the first: short, shareable links. */
export function filtersToParams(f: JobFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const k of FILTER_KEYS) if (f[k]) params.set(k, f[k]);
  for (const k of SETTING_KEYS) if (f[k]) params.set(k, f[k]);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

/**
 * A change to the filters. Any filter change goes back to the first page;
 * a new state clears the city (spec section 5).
 */
export function applyFilterChange(f: JobFilters, patch: Partial<JobFilters>): JobFilters {
  const next = { ...f, ...patch };
  const filterChanged = [...FILTER_KEYS, ...SETTING_KEYS].some((k) => k in patch && patch[k] !== f[k]);
  if ('state' in patch && patch.state !== f.state && !('city' in patch)) next.city = '';
  // Without a place there is no distance: its name, radius and the nearest order go with it.
  if (!next.near) {
    next.place = '';
    next.radius = '';
    if (next.sort === 'nearest') next.sort = '';
  }
  if (filterChanged && !('page' in patch)) next.page = 1;
  return next;
}

export function activeFilterKeys(f: JobFilters): FilterKey[] {
  return FILTER_KEYS.filter((k) => f[k] !== '');
}

/** "Showing 10–18 of 240 jobs"; empty when there is nothing to show. */
export function rangeLabel(page: number, total: number, limit = JOB_PAGE_SIZE, capped = false): string {
  if (total <= 0) return '';
  const start = (page - 1) * limit + 1;
  if (start > total) return '';
  const end = Math.min(page * limit, total);
  if (total === 1) return t.jobs.rangeOne;
  return format(t.jobs.range, { start, end, total: totalText(total, capped) });
}

/** "1,450", or "10,000+" when the server stopped counting at its cap. */
export function totalText(total: number, capped = false): string {
  return formatCappedCount(capped ? TOTAL_CAP : total, capped);
}

export function countLabel(total: number, capped = false): string {
  return total === 1 && !capped ? t.jobs.countOne : format(t.jobs.count, { count: totalText(total, capped) });
}

/** The query sent to GET /spajobs. */
export function toJobListQuery(f: JobFilters) {
  const near = parseNear(f.near);
  return {
    q: f.q || undefined,
    title: f.title || undefined,
    spa: f.spa || undefined,
    category: f.category || undefined,
    state: f.state || undefined,
    city: f.city || undefined,
    postedDate: f.postedDate || undefined,
    ...(near ? { lat: near.lat, lng: near.lng, radius: Number(f.radius || DEFAULT_RADIUS_KM) } : {}),
    salaryMin: f.salaryMin ? Number(f.salaryMin) : undefined,
    experience: f.experience ? Number(f.experience) : undefined,
    sort: f.sort || undefined,
    page: f.page,
    limit: JOB_PAGE_SIZE,
  };
}

/** A chip's words for a filter's value. */
export function filterValueLabel(k: FilterKey, f: JobFilters): string {
  if (k === 'near')
    return format(t.jobs.nearChip, {
      place: f.place || t.jobs.yourLocation,
      km: f.radius || DEFAULT_RADIUS_KM,
    });
  if (k === 'salaryMin') return `₹${formatCount(Number(f.salaryMin))}+`;
  if (k === 'experience') return experienceLabel(Number(f.experience));
  return f[k];
}

export function experienceLabel(years: number): string {
  return years === 0 ? t.jobs.fresher : years === 1 ? t.jobs.yearsOne : format(t.jobs.years, { years });
}

/** The "posted within" choices: today, the last 3, 7 or 30 days. */
export const POSTED_WITHIN_DAYS = [0, 3, 7, 30] as const;
export type PostedWithin = (typeof POSTED_WITHIN_DAYS)[number];

/** The postedDate (YYYY-MM-DD, India) that "posted within N days" means. */
export function postedSince(days: PostedWithin, now = Date.now()): string {
  return todayInIndia(now - days * 86_400_000);
}

/** Which quick choice a postedDate is, or null for another date (an older link). */
export function postedWithinOf(postedDate: string, now = Date.now()): PostedWithin | null {
  return POSTED_WITHIN_DAYS.find((d) => postedSince(d, now) === postedDate) ?? null;
}

/** "Today", "Last 7 days", or the date itself for a date that is not a quick choice. */
export function postedWithinLabel(postedDate: string, formatDate: (iso: string) => string, now = Date.now()) {
  const days = postedWithinOf(postedDate, now);
  if (days === null) return formatDate(postedDate) || postedDate;
  return days === 0 ? t.jobs.postedToday : format(t.jobs.postedWithinDays, { days });
}
