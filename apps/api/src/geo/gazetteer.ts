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
