import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { CloseIcon } from '../../../components/ui/icons';
import { format, t } from '../../../messages';
import { useCities, useStates } from '../api/get-locations';
import { activeFilterCount, type SpaFilters } from '../lib/search-params';
import { RadiusSelect } from './radius-select';

const m = t.spas.search;
export const NAME_DEBOUNCE_MS = 300;

export interface SpaSearchFiltersProps {
  filters: SpaFilters;
  /** `typing` marks a change made while typing in the name box (the URL entry is replaced, not pushed). */
  onChange: (patch: Partial<SpaFilters>, typing?: boolean) => void;
  onReset: () => void;
  locationGranted: boolean;
  locating: boolean;
  onRequestLocation: () => void;
}

/** Spa name (debounced 300 ms), state, city (needs a state), radius (needs location), Reset. */
export function SpaSearchFilters({
  filters,
  onChange,
  onReset,
  locationGranted,
  locating,
  onRequestLocation,
}: SpaSearchFiltersProps) {
  const states = useStates();
  const cities = useCities(filters.state);
  const [name, setName] = useState(filters.name);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // Follow the URL when it changes from outside (Clear all, Reset, back button).
  useEffect(() => {
    setName((current) => (current.trim() === filters.name ? current : filters.name));
  }, [filters.name]);

  useEffect(() => {
    if (name.trim() === filters.name) return;
    const id = window.setTimeout(() => onChangeRef.current({ name: name.trim() }, true), NAME_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [name, filters.name]);

  const stateOptions = states.data ?? [];
  const cityOptions = cities.data ?? [];
  return (
    <form
      role="search"
      aria-label={m.filters}
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ name: name.trim() });
      }}
      className="grid grid-cols-2 gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm lg:grid-cols-[2fr_1.2fr_1.2fr_1fr_auto] lg:items-start"
    >
      <TextField
        label={m.name}
        type="search"
        placeholder={m.namePlaceholder}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        wrapperClassName="col-span-2 lg:col-span-1"
      />
      <SelectField
        label={m.state}
        value={filters.state}
        onChange={(e) => onChange({ state: e.target.value })}
      >
        <option value="">{m.allStates}</option>
        {filters.state && !stateOptions.includes(filters.state) && (
          <option value={filters.state}>{filters.state}</option>
        )}
        {stateOptions.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={m.city}
        value={filters.city}
        disabled={!filters.state}
        hint={!filters.state ? m.chooseStateFirst : undefined}
        onChange={(e) => onChange({ city: e.target.value })}
      >
        <option value="">{m.allCities}</option>
        {filters.city && !cityOptions.includes(filters.city) && (
          <option value={filters.city}>{filters.city}</option>
        )}
        {cityOptions.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <div>
        <RadiusSelect
          label={m.radius}
          anyLabel={m.anyDistance}
          value={locationGranted ? filters.radius : null}
          disabled={!locationGranted}
          onChange={(km) => onChange({ radius: km })}
        />
        {/* Laid out even once location is granted, so the form keeps its height. */}
        <div className={locationGranted ? 'invisible' : undefined} aria-hidden={locationGranted || undefined}>
          <p className="mt-1 text-xs text-stone-600">{m.radiusNeedsLocation}</p>
          <button
            type="button"
            onClick={onRequestLocation}
            disabled={locating || locationGranted}
            className="mt-1 min-h-9 text-sm font-semibold text-brand-800 underline hover:text-brand-900 disabled:text-stone-600 disabled:no-underline"
          >
            {m.useMyLocation}
          </button>
        </div>
      </div>
      <div className="pt-6">
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => {
            setName('');
            onReset();
          }}
        >
          {m.reset}
        </Button>
      </div>
    </form>
  );
}

/** "Filters applied" with a removable chip per filter and "Clear all". */
export function AppliedFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: SpaFilters;
  onChange: (patch: Partial<SpaFilters>) => void;
  onClear: () => void;
}) {
  if (activeFilterCount(filters) === 0) return null;
  const chips: { key: string; label: string; patch: Partial<SpaFilters> }[] = [];
  if (filters.name)
    chips.push({ key: 'name', label: format(m.chipName, { value: filters.name }), patch: { name: '' } });
  if (filters.state)
    chips.push({ key: 'state', label: format(m.chipState, { value: filters.state }), patch: { state: '' } });
  if (filters.city)
    chips.push({ key: 'city', label: format(m.chipCity, { value: filters.city }), patch: { city: '' } });
  if (filters.radius !== null)
    chips.push({
      key: 'radius',
      label: format(m.chipRadius, { value: filters.radius }),
      patch: { radius: null },
    });
  return (
    <div
      role="region"
      aria-label={m.filtersApplied}
      className="flex flex-wrap items-center gap-2 rounded-xl bg-brand-50 px-4 py-3"
    >
      <span className="text-sm font-semibold text-brand-900">{m.filtersApplied}</span>
      <ul className="flex flex-wrap gap-2">
        {chips.map((c) => (
          <li key={c.key}>
            <span className="inline-flex items-center gap-1 rounded-full bg-white py-1 pl-3 pr-1 text-sm text-stone-800 ring-1 ring-brand-200">
              {c.label}
              <button
                type="button"
                aria-label={format(m.removeFilter, { label: c.label })}
                onClick={() => onChange(c.patch)}
                className="inline-flex size-7 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100"
              >
                <CloseIcon size={14} />
              </button>
            </span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClear}
        className="ml-auto min-h-9 rounded-lg px-2 text-sm font-semibold text-brand-800 underline hover:text-brand-900"
      >
        {m.clearAll}
      </button>
    </div>
  );
}
