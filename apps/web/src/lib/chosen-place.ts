import { useCallback, useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CityChoice } from '@spajobs/contract/stats';
import { apiRequest } from './api-client';

/** Where a candidate who does not share the device's location said they are. Kept on the device only. */
export const CHOSEN_PLACE_KEY = 'chosenPlace';

function readChosen(): CityChoice | null {
  try {
    const raw = localStorage.getItem(CHOSEN_PLACE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<CityChoice>;
    return typeof v.city === 'string' &&
      typeof v.state === 'string' &&
      Number.isFinite(v.lat) &&
      Number.isFinite(v.lng)
      ? (v as CityChoice)
      : null;
  } catch {
    return null;
  }
}

/**
 * The city the candidate chose by hand, remembered for next time (read after
 * the first render, so the page rendered on the server matches).
 */
export function useChosenPlace() {
  const [chosen, setChosen] = useState<CityChoice | null>(null);
  useEffect(() => {
    setChosen(readChosen());
    const onStorage = (e: StorageEvent) => {
      if (e.key === CHOSEN_PLACE_KEY) setChosen(readChosen());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const choose = useCallback((place: CityChoice | null) => {
    try {
      if (place) localStorage.setItem(CHOSEN_PLACE_KEY, JSON.stringify(place));
      else localStorage.removeItem(CHOSEN_PLACE_KEY);
    } catch {
      // Storage may be blocked: the choice holds for this page only.
    }
    setChosen(place);
  }, []);
  return { chosen, choose };
}

/** GET /geo/cities: Indian cities whose name starts with the text. */
export function searchCities(q: string, signal?: AbortSignal) {
  return apiRequest<{ success: true; data: CityChoice[] }>('/geo/cities', {
    query: { q, limit: 8 },
    signal,
    auth: false,
  }).then((r) => r.data);
}

export const citySearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['geo', 'cities', q.trim().toLowerCase()],
    queryFn: ({ signal }) => searchCities(q.trim(), signal),
    enabled: q.trim().length >= 2,
    staleTime: Infinity,
  });

export function useCitySearch(q: string) {
  return useQuery(citySearchQueryOptions(q));
}
