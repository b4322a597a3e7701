import { useEffect, useId, useState } from 'react';
import type { CityChoice } from '@spajobs/contract/stats';
import { useCitySearch } from '../lib/chosen-place';
import { t } from '../messages';
import { MapPinIcon } from './ui/icons';

/** Typing pauses this long before a search (spec section 9: 300 ms). */
const DEBOUNCE_MS = 300;

/**
 * "Choose your city": a search in the list of Indian cities, for a candidate
 * who does not share the device's location. The results are plain buttons,
 * one tap each.
 */
export function CityPicker({
  onChoose,
  className,
}: {
  onChoose: (place: CityChoice) => void;
  className?: string;
}) {
  const m = t.common.cityPicker;
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const cities = useCitySearch(query);
  const typedEnough = query.trim().length >= 2;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {m.label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={m.placeholder}
        autoComplete="address-level2"
        enterKeyHint="search"
        aria-describedby={`${id}-status`}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600"
      />
      <p id={`${id}-status`} aria-live="polite" className="mt-1 min-h-5 text-xs text-stone-600">
        {!typedEnough
          ? m.hint
          : cities.isError
            ? m.failed
            : cities.data && cities.data.length === 0
              ? m.none
              : ''}
      </p>
      {typedEnough && cities.data && cities.data.length > 0 && (
        <ul
          aria-label={m.results}
          className="mt-1 divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white"
        >
          {cities.data.map((c) => (
            <li key={`${c.city}|${c.state}|${c.lat}`}>
              <button
                type="button"
                onClick={() => onChoose(c)}
                className="flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left hover:bg-brand-50 focus:bg-brand-50"
              >
                <MapPinIcon size={16} className="shrink-0 text-brand-700" />
                <span>
                  <span className="font-medium text-stone-900">{c.city}</span>
                  <span className="text-stone-600">, {c.state}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
