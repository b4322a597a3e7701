import { sql, type RawBuilder } from 'kysely';
import { EARTH_RADIUS_KM } from '@spajobs/contract/common';
import type { Engine } from './database.ts';

/**
 * The great-circle distance in km from a point to a spa (haversine, as
 * lib/geo.ts), computed by the database, so that sorting thousands of spas
 * by distance happens where the rows are read, off the event loop.
 */
export function distanceFrom(engine: Engine, lat: number, lng: number): RawBuilder<number> {
  const rad = Math.PI / 180;
  const cosLat = Math.cos(lat * rad);
  const least = engine === 'postgres' ? sql.raw('least') : sql.raw('min');
  return sql<number>`(${2 * EARTH_RADIUS_KM} * asin(${least}(1, sqrt(
    power(sin((spas.latitude - ${lat}) * ${rad / 2}), 2)
    + ${cosLat} * cos(spas.latitude * ${rad}) * power(sin((spas.longitude - ${lng}) * ${rad / 2}), 2)))))`;
}
