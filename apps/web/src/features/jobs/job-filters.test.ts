import { describe, expect, it } from 'vitest';
import {
  activeFilterKeys,
  applyFilterChange,
  countLabel,
  EMPTY_FILTERS,
  filtersToParams,
  parseFilters,
  rangeLabel,
  toJobListQuery,
} from './job-filters';

describe('job filters in the query string', () => {
  it('reads every filter and the page from a link', () => {
    const f = parseFilters(
      new URLSearchParams('title=Spa+Therapist&spa=Bodhi&category=Ayurveda&state=Kerala&city=Kochi&page=3'),
    );
    expect(f).toEqual({
      q: '',
      title: 'Spa Therapist',
      spa: 'Bodhi',
      category: 'Ayurveda',
      state: 'Kerala',
      city: 'Kochi',
      postedDate: '',
      page: 3,
    });
  });

  it('ignores a broken page number or date and trims text', () => {
    expect(parseFilters(new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseFilters(new URLSearchParams('page=-2')).page).toBe(1);
    expect(parseFilters(new URLSearchParams('postedDate=yesterday')).postedDate).toBe('');
    expect(parseFilters(new URLSearchParams('postedDate=2026-01-31')).postedDate).toBe('2026-01-31');
    expect(parseFilters(new URLSearchParams('city=%20Mumbai%20')).city).toBe('Mumbai');
  });

  it('writes only the filters that are set, and the page after the first', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersToParams({ ...EMPTY_FILTERS, city: 'Mumbai' }).toString()).toBe('city=Mumbai');
    expect(filtersToParams({ ...EMPTY_FILTERS, title: 'spa manager', page: 2 }).toString()).toBe(
      'title=spa+manager&page=2',
    );
  });

  it('survives a round trip through the query string', () => {
    const f = { ...EMPTY_FILTERS, title: 'Thai & Balinese', state: 'Tamil Nadu', city: 'Chennai', page: 4 };
    expect(parseFilters(filtersToParams(f))).toEqual(f);
  });

  it('goes back to the first page when a filter changes, not when the page does', () => {
    const f = { ...EMPTY_FILTERS, page: 5 };
    expect(applyFilterChange(f, { category: 'Therapist' }).page).toBe(1);
    expect(applyFilterChange(f, { page: 6 }).page).toBe(6);
    expect(applyFilterChange(f, { category: '' }).page).toBe(5);
  });

  it('clears the city when the state changes', () => {
    const f = { ...EMPTY_FILTERS, state: 'Maharashtra', city: 'Mumbai' };
    expect(applyFilterChange(f, { state: 'Karnataka' })).toMatchObject({ state: 'Karnataka', city: '' });
    expect(applyFilterChange(f, { state: 'Maharashtra' }).city).toBe('Mumbai');
    expect(applyFilterChange(f, { title: 'x' }).city).toBe('Mumbai');
  });

  it('lists the active filters for the chips', () => {
    expect(activeFilterKeys(EMPTY_FILTERS)).toEqual([]);
    expect(activeFilterKeys({ ...EMPTY_FILTERS, spa: 'Bodhi', city: 'Pune', page: 3 })).toEqual([
      'spa',
      'city',
    ]);
  });

  it('asks the server for 9 jobs of the chosen page', () => {
    expect(toJobListQuery({ ...EMPTY_FILTERS, city: 'Pune', page: 2 })).toMatchObject({
      city: 'Pune',
      title: undefined,
      page: 2,
      limit: 9,
    });
  });
});

describe('count and range labels', () => {
  it('shows where the page sits in the results', () => {
    expect(rangeLabel(1, 240)).toBe('Showing 1–9 of 240 jobs');
    expect(rangeLabel(2, 240)).toBe('Showing 10–18 of 240 jobs');
    expect(rangeLabel(27, 240)).toBe('Showing 235–240 of 240 jobs');
    expect(rangeLabel(1, 5)).toBe('Showing 1–5 of 5 jobs');
    expect(rangeLabel(1, 1)).toBe('Showing 1–1 of 1 job');
    expect(rangeLabel(1, 1450)).toBe('Showing 1–9 of 1,450 jobs');
  });

  it('is empty with no results or past the last page', () => {
    expect(rangeLabel(1, 0)).toBe('');
    expect(rangeLabel(4, 20)).toBe('');
  });

  it('counts jobs in Indian digit grouping', () => {
    expect(countLabel(0)).toBe('0 jobs found');
    expect(countLabel(1)).toBe('1 job found');
    expect(countLabel(240000)).toBe('2,40,000 jobs found');
  });
});
