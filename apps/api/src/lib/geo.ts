import { EARTH_RADIUS_KM } from '@spajobs/contract/common';

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** Great-circle distance in km (haversine, earth radius 6371 km). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = toRad(lat2 - lat1);
  const dLng = toRad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** The smallest latitude/longitude box that holds every point within radiusKm. */
export function boundingBox(lat: number, lng: number, radiusKm: number): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = toDeg(angular);
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  if (maxLat >= 90 || minLat <= -90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLng: -180, maxLng: 180 };
  }
  const dLng = toDeg(Math.asin(Math.min(1, Math.sin(angular) / Math.cos(toRad(lat)))));
  return { minLat, maxLat, minLng: lng - dLng, maxLng: lng + dLng };
}

export const roundKm = (km: number) => Math.round(km * 100) / 100;
