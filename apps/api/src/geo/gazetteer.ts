import { createRequire } from 'node:module';
import { distanceKm } from '../lib/geo.ts';

const require = createRequire(import.meta.url);

interface Place {
  name: string;
  state: string;
  lat: number;
  lng: number;
}

let places: Place[] | undefined;

function load(): Place[] {
  if (!places) {
    const data = require('./india-cities.json') as { rows: [string, string, number, number][] };
    places = data.rows.map(([name, state, lat, lng]) => ({ name, state, lat, lng }));
  }
  return places;
}

/** India's extent with a margin; a point outside it is not looked up at all. */
const INDIA = { minLat: 6, maxLat: 37.5, minLng: 68, maxLng: 97.5 };
/** Farther than this from every known Indian place, a point is taken to be outside India. */
const MAX_DISTANCE_KM = 120;

export interface NearestPlace {
  city: string;
  state: string;
  distanceKm: number;
}

/**
 * Nearest known Indian place to a point, or null outside India. Places are
 * sorted by latitude, so only a band of them is compared.
 */
export function nearestPlace(lat: number, lng: number): NearestPlace | null {
  if (lat < INDIA.minLat || lat > INDIA.maxLat || lng < INDIA.minLng || lng > INDIA.maxLng) return null;
  const all = load();
  const band = MAX_DISTANCE_KM / 111;
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]!.lat < lat - band) lo = mid + 1;
    else hi = mid;
  }
  let best: NearestPlace | null = null;
  for (let i = lo; i < all.length && all[i]!.lat <= lat + band; i++) {
    const p = all[i]!;
    const d = distanceKm(lat, lng, p.lat, p.lng);
    if (d <= MAX_DISTANCE_KM && (!best || d < best.distanceKm)) {
      best = { city: p.name, state: p.state, distanceKm: Math.round(d * 10) / 10 };
    }
  }
  return best;
}

/** A known Indian place by its name (and state, when given), case-insensitive; null if unknown. */
export function findPlace(
  city: string,
  state?: string,
): { city: string; state: string; lat: number; lng: number } | null {
  const c = city.trim().toLowerCase();
  const s = state?.trim().toLowerCase();
  const hit =
    load().find((p) => p.name.toLowerCase() === c && (!s || p.state.toLowerCase() === s)) ??
    load().find((p) => p.name.toLowerCase() === c);
  return hit ? { city: hit.name, state: hit.state, lat: hit.lat, lng: hit.lng } : null;
}

export interface CityMatch {
  city: string;
  state: string;
  lat: number;
  lng: number;
}

/** Lower case without accents, so "kanniyakumari" finds "Kanniyākumāri". */
export const foldName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

let byName: { key: string; place: Place }[] | undefined;

/**
 * Places whose name starts with the typed text (accents and case ignored),
 * exact names first, then shorter names; found by binary search in a sorted
 * copy, so a search never walks the whole list.
 */
export function searchCities(query: string, limit: number): CityMatch[] {
  const q = foldName(query);
  if (!q) return [];
  byName ??= load()
    .map((place) => ({ key: foldName(place.name), place }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let lo = 0;
  let hi = byName.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byName[mid]!.key < q) lo = mid + 1;
    else hi = mid;
  }
  const found: { key: string; place: Place }[] = [];
  // Enough candidates to rank, never more than a bounded number.
  for (let i = lo; i < byName.length && found.length < 200 && byName[i]!.key.startsWith(q); i++) {
    found.push(byName[i]!);
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => Number(b.key === q) - Number(a.key === q) || a.key.length - b.key.length)
    .filter(({ place }) => {
      const k = `${place.name}|${place.state}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, limit)
    .map(({ place }) => ({ city: place.name, state: place.state, lat: place.lat, lng: place.lng }));
}
