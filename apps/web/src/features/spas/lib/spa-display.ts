import type { Spa } from '@spajobs/contract/spa';
import { format, t } from '../../../messages';

/** decisions.md item 2: the spa's real number of open jobs. */
export function openJobsLabel(count: number): string {
  if (count <= 0) return t.spas.card.noJobs;
  if (count === 1) return t.spas.card.jobOpen;
  return format(t.spas.card.jobsOpen, { count });
}

/** [lng, lat] → {lat, lng}, or null when the spa has no usable coordinates. */
export function spaPosition(spa: Pick<Spa, 'location'>): { lat: number; lng: number } | null {
  const c = spa.location?.coordinates;
  if (!c) return null;
  const [lng, lat] = c;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat === 0 && lng === 0) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * The map to embed: the spa's own map link, else an OpenStreetMap embed
 * around its coordinates, else null ("Map location not available").
 */
export function mapEmbedUrl(spa: Pick<Spa, 'googleMap' | 'location'>): string | null {
  if (spa.googleMap && /^https:\/\//.test(spa.googleMap)) return spa.googleMap;
  const pos = spaPosition(spa);
  if (!pos) return null;
  const d = 0.01;
  const bbox = [pos.lng - d, pos.lat - d, pos.lng + d, pos.lat + d].map((n) => n.toFixed(5)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${pos.lat.toFixed(5)},${pos.lng.toFixed(5)}`;
}

/** The directions link: the spa's own, else one built from its coordinates. */
export function directionsUrl(spa: Pick<Spa, 'direction' | 'location'>): string | null {
  if (spa.direction) return spa.direction;
  const pos = spaPosition(spa);
  return pos ? `https://www.google.com/maps/dir/?api=1&destination=${pos.lat},${pos.lng}` : null;
}

export function formatKm(km: number): string {
  return km < 10 ? km.toFixed(1) : String(Math.round(km));
}
