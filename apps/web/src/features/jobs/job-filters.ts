import { JOB_PAGE_SIZE, RESULT_WINDOW, TOTAL_CAP } from '@spajobs/contract/constants';
import { format, t } from '../../messages';

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
  page: number;
}

export type FilterKey = Exclude<keyof JobFilters, 'page'>;

export const FILTER_KEYS: readonly FilterKey[] = [
  'q',
  'title',
  'spa',
  'category',
  'state',
  'city',
  'postedDate',
];

export const EMPTY_FILTERS: JobFilters = {
  q: '',
  title: '',
  spa: '',
  category: '',
  state: '',
  city: '',
  postedDate: '',
  page: 1,
};

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
    page: Number.isFinite(page) && page > 1 ? Math.min(page, Math.ceil(RESULT_WINDOW / JOB_PAGE_SIZE)) : 1,
  };
}

/** Only the filters that are set, and the page when it is not the first: short, shareable links. */
export function filtersToParams(f: JobFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const k of FILTER_KEYS) if (f[k]) params.set(k, f[k]);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

/**
 * A change to the filters. Any filter change goes back to the first page;
 * a new state clears the city (spec section 5).
 */
export function applyFilterChange(f: JobFilters, patch: Partial<JobFilters>): JobFilters {
  const next = { ...f, ...patch };
  const filterChanged = FILTER_KEYS.some((k) => k in patch && patch[k] !== f[k]);
  if ('state' in patch && patch.state !== f.state && !('city' in patch)) next.city = '';
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
  return capped ? `${TOTAL_CAP.toLocaleString('en-IN')}+` : total.toLocaleString('en-IN');
}

export function countLabel(total: number, capped = false): string {
  return total === 1 && !capped ? t.jobs.countOne : format(t.jobs.count, { count: totalText(total, capped) });
}

/** The query sent to GET /spajobs. */
export function toJobListQuery(f: JobFilters) {
  return {
    q: f.q || undefined,
    title: f.title || undefined,
    spa: f.spa || undefined,
    category: f.category || undefined,
    state: f.state || undefined,
    city: f.city || undefined,
    postedDate: f.postedDate || undefined,
    page: f.page,
    limit: JOB_PAGE_SIZE,
  };
}
