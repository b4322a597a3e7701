import { RADIUS_OPTIONS } from './constants';

/** The spa search filters as kept in the page's query string. */
export interface SpaFilters {
  name: string;
  state: string;
  city: string;
  /** Km, one of RADIUS_OPTIONS, or null for any distance. */
  radius: number | null;
  page: number;
}

export const EMPTY_FILTERS: SpaFilters = { name: '', state: '', city: '', radius: null, page: 1 };

export function readFilters(params: URLSearchParams): SpaFilters {
  const radius = Number(params.get('radius'));
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const state = (params.get('state') ?? '').trim();
  return {
    name: (params.get('name') ?? '').trim(),
    state,
    // A city means nothing without its state.
    city: state ? (params.get('city') ?? '').trim() : '',
    radius: (RADIUS_OPTIONS as readonly number[]).includes(radius) ? radius : null,
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

export function writeFilters(f: SpaFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.name.trim()) p.set('name', f.name.trim());
  if (f.state) p.set('state', f.state);
  if (f.state && f.city) p.set('city', f.city);
  if (f.radius !== null) p.set('radius', String(f.radius));
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/**
 * Applies a change to the filters. Any filter change goes back to page 1,
 * and changing the state clears the city.
 */
export function changeFilters(f: SpaFilters, patch: Partial<SpaFilters>): SpaFilters {
  const next = { ...f, ...patch };
  if ('state' in patch && patch.state !== f.state && !('city' in patch)) next.city = '';
  if (!('page' in patch)) next.page = 1;
  return next;
}

export function activeFilterCount(f: SpaFilters): number {
  return [f.name, f.state, f.city].filter(Boolean).length + (f.radius !== null ? 1 : 0);
}
