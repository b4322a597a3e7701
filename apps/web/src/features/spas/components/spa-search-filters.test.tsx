import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithSession } from '../../../test/render-with-session';
import { EMPTY_FILTERS } from '../lib/search-params';
import { AppliedFilters, SpaSearchFilters } from './spa-search-filters';
import { routeFetch } from './test-fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const locations = () =>
  routeFetch({
    '/api/v1/spas/locations/states': { status: 200, body: ['Goa', 'Maharashtra'] },
    '/api/v1/spas/locations/cities': { status: 200, body: ['Mumbai', 'Pune'] },
  });

describe('SpaSearchFilters', () => {
  it('keeps the city disabled until a state is chosen, and the radius until location is granted', async () => {
    locations();
    const onChange = vi.fn();
    const props = { onChange, onReset: vi.fn(), locating: false, onRequestLocation: vi.fn() };
    const first = renderWithSession(
      <SpaSearchFilters filters={EMPTY_FILTERS} locationGranted={false} {...props} />,
    );
    expect(screen.getByRole('combobox', { name: 'City' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Radius' })).toBeDisabled();
    expect(screen.getByText('Allow location access to filter by distance.')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Maharashtra' });
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'Maharashtra' } });
    expect(onChange).toHaveBeenCalledWith({ state: 'Maharashtra' });

    first.unmount();
    renderWithSession(
      <SpaSearchFilters filters={{ ...EMPTY_FILTERS, state: 'Maharashtra' }} locationGranted {...props} />,
    );
    expect(screen.getByRole('combobox', { name: 'City' })).toBeEnabled();
    expect(await screen.findByRole('option', { name: 'Pune' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Radius' })).toBeEnabled();
  });

  it('sends the typed name once, 300 ms after the last key', async () => {
    locations();
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithSession(
      <SpaSearchFilters
        filters={EMPTY_FILTERS}
        onChange={onChange}
        onReset={vi.fn()}
        locationGranted={false}
        locating={false}
        onRequestLocation={vi.fn()}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Spa name' });
    fireEvent.change(box, { target: { value: 'Lo' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'Lotus ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ name: 'Lotus' }, true);
  });
});

describe('AppliedFilters', () => {
  it('lists a chip per filter, removes one, and clears all', () => {
    const onChange = vi.fn();
    const onClear = vi.fn();
    renderWithSession(
      <AppliedFilters
        filters={{ name: 'Lotus', state: 'Goa', city: 'Panaji', radius: 20, page: 3 }}
        onChange={onChange}
        onClear={onClear}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Name: Lotus',
      'State: Goa',
      'City: Panaji',
      'Within 20 km',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter State: Goa' }));
    expect(onChange).toHaveBeenCalledWith({ state: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('is absent with no filters', () => {
    renderWithSession(<AppliedFilters filters={EMPTY_FILTERS} onChange={vi.fn()} onClear={vi.fn()} />);
    expect(screen.queryByRole('region', { name: 'Filters applied' })).not.toBeInTheDocument();
  });
});
