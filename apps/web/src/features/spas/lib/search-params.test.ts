import { describe, expect, it } from 'vitest';
import { activeFilterCount, changeFilters, EMPTY_FILTERS, readFilters, writeFilters } from './search-params';

describe('spa search filters in the query string', () => {
  it('reads name, state, city, radius and page back from a shared link', () => {
    const f = readFilters(new URLSearchParams('name=Bliss&state=Maharashtra&city=Mumbai&radius=20&page=3'));
    expect(f).toEqual({ name: 'Bliss', state: 'Maharashtra', city: 'Mumbai', radius: 20, page: 3 });
  });

  it('ignores a radius that is not one of the options, a bad page and a city without a state', () => {
    const f = readFilters(new URLSearchParams('radius=7&page=-2&city=Mumbai'));
    expect(f).toEqual(EMPTY_FILTERS);
  });

  it('writes only what is set, and round-trips', () => {
    const f = { name: ' Spa ', state: 'Goa', city: '', radius: 5, page: 1 };
    const p = writeFilters(f);
    expect(p.toString()).toBe('name=Spa&state=Goa&radius=5');
    expect(readFilters(p)).toEqual({ ...f, name: 'Spa' });
    expect(writeFilters(EMPTY_FILTERS).toString()).toBe('');
  });

  it('clears the city when the state changes, and goes back to page 1 on any filter change', () => {
    const f = { name: '', state: 'Maharashtra', city: 'Mumbai', radius: null, page: 4 };
    expect(changeFilters(f, { state: 'Goa' })).toEqual({ ...f, state: 'Goa', city: '', page: 1 });
    expect(changeFilters(f, { state: 'Maharashtra' }).city).toBe('Mumbai');
    expect(changeFilters(f, { name: 'x' }).page).toBe(1);
    expect(changeFilters(f, { page: 2 })).toEqual({ ...f, page: 2 });
  });

  it('counts the filters applied', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ name: 'a', state: 'b', city: 'c', radius: 10, page: 2 })).toBe(4);
  });
});
