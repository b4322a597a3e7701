import { describe, expect, it } from 'vitest';
import { directionsUrl, mapEmbedUrl, openJobsLabel } from './spa-display';

const at = (lng: number, lat: number) => ({
  type: 'Point' as const,
  coordinates: [lng, lat] as [number, number],
});

describe('spa display rules', () => {
  it('labels the real number of open jobs (decisions.md item 2)', () => {
    expect(openJobsLabel(3)).toBe('3 Jobs open');
    expect(openJobsLabel(1)).toBe('1 Job open');
    expect(openJobsLabel(0)).toBe('No open jobs');
  });

  it('embeds the map link first, then a map from the coordinates, else nothing', () => {
    expect(mapEmbedUrl({ googleMap: 'https://maps.example/embed?x=1', location: at(72.8, 19.1) })).toBe(
      'https://maps.example/embed?x=1',
    );
    const built = mapEmbedUrl({ googleMap: null, location: at(72.8777, 19.076) });
    expect(built).toContain('openstreetmap.org/export/embed.html');
    expect(built).toContain('marker=19.07600,72.87770');
    expect(mapEmbedUrl({ googleMap: null, location: at(0, 0) })).toBeNull();
  });

  it('builds directions from the coordinates when the spa has no link', () => {
    expect(directionsUrl({ direction: null, location: at(72.8, 19.1) })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=19.1,72.8',
    );
    expect(directionsUrl({ direction: null, location: at(0, 0) })).toBeNull();
  });
});
