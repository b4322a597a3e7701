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

/**
 * Spas are indexed by latitude strip, `floor(latitude * STRIPS_PER_DEGREE)` (migration 0035): within a
 * strip the index is in longitude order, so a circle is read as one longitude range per strip.
 */
export const STRIPS_PER_DEGREE = 10;
/** Degrees by which every range is widened, and every sure part narrowed, against rounding. */
const STRIP_MARGIN = 1e-7;

/** One strip of a circle: its longitudes `lo`–`hi` hold every point of the circle in the strip; those
 * from `innerLo` to `innerHi` are all in the circle (the two are equal, at the centre's longitude, when
 * none is sure), and a count takes the sure part as those after `innerLo` up to `innerHi`. */
export interface StripRange {
  strip: number;
  lo: number;
  hi: number;
  innerLo: number;
  innerHi: number;
}

/**
 * The strips that a circle crosses, within its bounding box (so a circle over the 180th meridian is cut
 * there, as the box is). The circle's half-width in longitude at a latitude rises to one peak and falls,
 * so over a strip it is least at one of the strip's edges and greatest at the peak or an edge: points
 * whose longitude is within the least are inside whatever their latitude in the strip, and only those
 * between the least and the greatest need the distance test (decision 62).
 */
export function stripRanges(lat: number, lng: number, radiusKm: number): StripRange[] {
  const box = boundingBox(lat, lng, radiusKm);
  const cosR = Math.cos(radiusKm / EARTH_RADIUS_KM);
  const sin0 = Math.sin(toRad(lat));
  const cos0 = Math.cos(toRad(lat));
  const wholeParallels = box.minLng === -180 && box.maxLng === 180;
  /** The circle's half-width in degrees of longitude at latitude `phi`; undefined where it has none. */
  const half = (phi: number): number | undefined => {
    const v = (cosR - Math.sin(toRad(phi)) * sin0) / (Math.cos(toRad(phi)) * cos0);
    return v > 1 || Number.isNaN(v) ? undefined : v <= -1 ? 180 : toDeg(Math.acos(v));
  };
  const widest = (box.maxLng - box.minLng) / 2;
  const peak = toDeg(Math.asin(Math.max(-1, Math.min(1, sin0 / cosR))));
  const out: StripRange[] = [];
  const last = Math.floor(box.maxLat * STRIPS_PER_DEGREE);
  for (let strip = Math.floor(box.minLat * STRIPS_PER_DEGREE); strip <= last; strip++) {
    const south = strip / STRIPS_PER_DEGREE - STRIP_MARGIN;
    const north = (strip + 1) / STRIPS_PER_DEGREE + STRIP_MARGIN;
    if (wholeParallels) {
      out.push({ strip, lo: -180, hi: 180, innerLo: 0, innerHi: 0 });
      continue;
    }
    const from = Math.max(south, box.minLat);
    const to = Math.min(north, box.maxLat);
    const w =
      peak >= from && peak <= to
        ? widest
        : Math.min(widest, Math.max(half(from) ?? 0, half(to) ?? 0) + STRIP_MARGIN);
    const [ws, wn] = [half(south), half(north)];
    const sure = ws === undefined || wn === undefined ? 0 : Math.max(0, Math.min(ws, wn) - STRIP_MARGIN);
    out.push({
      strip,
      lo: Math.max(box.minLng, lng - w) - STRIP_MARGIN,
      hi: Math.min(box.maxLng, lng + w) + STRIP_MARGIN,
      innerLo: lng - sure,
      innerHi: lng + sure,
    });
  }
  return out;
}

/** Half-widths in km of the nested parts of the centre's strip that a circle's count counts apart. */
export const CENTRE_HALF_WIDTHS_KM = [2.75, 5.5, 11, 22, 44] as const;
/** Kilometres in a degree of latitude, and so the height of a strip. */
const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;
/** Kilometres in a degree of longitude at latitude `lat`. */
export const kmPerDegreeOfLongitude = (lat: number) => KM_PER_DEGREE * Math.cos(toRad(lat));

/** A piece of the centre's strip: the longitudes after `lo` up to `hi`, in part `level` of it. */
export interface CentrePiece {
  strip: number;
  lo: number;
  hi: number;
  level: number;
}

/**
 * The sure part of the strip that holds a circle's centre, cut into pieces at CENTRE_HALF_WIDTHS_KM
 * east and west of the centre, to learn how thick spas are around the centre itself (decision 69):
 * `level` 0 the piece within the first half-width, level k the two pieces between the (k-1)th and the
 * kth, and the last level what lies beyond. Pieces run from after `lo` up to `hi`, as the sure part does
 * (`StripRange`), so their counts add up to the sure part's. `areasKm2[k]` is the area of the part
 * within the kth half-width (the whole sure part for the last level). No pieces when the strip has no
 * sure part.
 */
export function centrePieces(
  lat: number,
  lng: number,
  ranges: readonly StripRange[],
): { pieces: CentrePiece[]; areasKm2: number[] } {
  const centre = ranges.find((r) => r.strip === Math.floor(lat * STRIPS_PER_DEGREE));
  if (!centre || !(centre.innerHi > centre.innerLo)) return { pieces: [], areasKm2: [] };
  const kmPerDegree = kmPerDegreeOfLongitude(lat);
  const stripKm = KM_PER_DEGREE / STRIPS_PER_DEGREE;
  const pieces: CentrePiece[] = [];
  const areasKm2: number[] = [];
  const add = (lo: number, hi: number, level: number) => {
    if (hi > lo) pieces.push({ strip: centre.strip, lo, hi, level });
  };
  let [west, east] = [lng, lng];
  for (const km of CENTRE_HALF_WIDTHS_KM) {
    const lo = Math.max(centre.innerLo, lng - km / kmPerDegree);
    const hi = Math.min(centre.innerHi, lng + km / kmPerDegree);
    const level = areasKm2.length;
    if (level === 0) add(lo, hi, 0);
    else {
      add(lo, west, level);
      add(east, hi, level);
    }
    [west, east] = [lo, hi];
    areasKm2.push((hi - lo) * kmPerDegree * stripKm);
    if (lo === centre.innerLo && hi === centre.innerHi) return { pieces, areasKm2 };
  }
  const level = areasKm2.length;
  add(centre.innerLo, west, level);
  add(east, centre.innerHi, level);
  areasKm2.push((centre.innerHi - centre.innerLo) * kmPerDegree * stripKm);
  return { pieces, areasKm2 };
}
