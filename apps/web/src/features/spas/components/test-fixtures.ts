import type { Spa } from '@spajobs/contract/spa';
import { vi } from 'vitest';

export function makeSpa(over: Partial<Spa> = {}): Spa {
  return {
    _id: '7',
    name: 'Lotus Day Spa, Bandra',
    business_name: null,
    category: 'Day Spa',
    logo: '/api/v1/media/logo/7.svg',
    website: 'https://lotus.example.in',
    phone: '9876543210',
    email: 'hello@lotus.example.in',
    address: { state: 'Maharashtra', district: 'Mumbai', city: 'Mumbai', pincode: '400050' },
    city: 'Mumbai',
    state: 'Maharashtra',
    fullAddress: 'Plot 4, Hill Road, Bandra West, Mumbai, Maharashtra 400050',
    location: { type: 'Point', coordinates: [72.83, 19.06] },
    geolocation: { coordinates: [72.83, 19.06] },
    rating: 4.26,
    reviews: 120,
    direction: 'https://www.google.com/maps/dir/?api=1&destination=19.06,72.83',
    googleMap: null,
    galleryImages: [],
    openingHours: '10:00 AM',
    closingHours: '9:00 PM',
    openJobs: 3,
    ...over,
  };
}

/** A fetch that answers by path (the first matching prefix), and records the URLs asked for. */
export function routeFetch(routes: Record<string, { status: number; body?: unknown }>) {
  const fn = vi.fn(async (url: string) => {
    const key = Object.keys(routes).find((k) => url.startsWith(k));
    const a = key
      ? routes[key]!
      : { status: 404, body: { success: false, error: 'x', message: 'Not found' } };
    return new Response(a.body === undefined ? '' : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Replaces the browser's geolocation with one that answers as told. */
export function stubGeolocation(answer: { lat: number; lng: number } | { code: 1 | 2 | 3 }) {
  const getCurrentPosition = vi.fn(
    (ok: PositionCallback, fail?: PositionErrorCallback | null, _opts?: PositionOptions) => {
      if ('lat' in answer) {
        ok({ coords: { latitude: answer.lat, longitude: answer.lng } } as GeolocationPosition);
      } else {
        fail?.({
          code: answer.code,
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
      }
    },
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}
