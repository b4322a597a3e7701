import { sql, type RawBuilder } from 'kysely';
import { EARTH_RADIUS_KM } from '@spajobs/contract/common';
import type { Engine } from './database.ts';

/**
 * The great-circle distance in km from a point to the place in `latitude` and
 * `longitude` of `table` (haversine, as lib/geo.ts), computed by the database,
 * for the rows a query returns.
 */
export function distanceFrom(engine: Engine, lat: number, lng: number, table: string): RawBuilder<number> {
  const rad = Math.PI / 180;
  const cosLat = Math.cos(lat * rad);
  const least = engine === 'postgres' ? sql.raw('least') : sql.raw('min');
  const latitude = sql.ref(`${table}.latitude`);
  const longitude = sql.ref(`${table}.longitude`);
  return sql<number>`(${2 * EARTH_RADIUS_KM} * asin(${least}(1, sqrt(
    power(sin((${latitude} - ${lat}) * ${rad / 2}), 2)
    + ${cosLat} * cos(${latitude} * ${rad}) * power(sin((${longitude} - ${lng}) * ${rad / 2}), 2)))))`;
}

/**
 * How close a spa is to a point, as the dot product of their unit vectors
 * (the spa's in `ux`, `uy`, `uz`, migration 0025): the cosine of the angle
 * between them, larger for nearer spas. A spa lies within `radiusKm` exactly
 * when it is at least `least`, the cosine of the radius's angle; so the
 * radius test and the nearest-first order need three products for each
 * candidate instead of the haversine's eight function calls (decision 40).
 */
export function closenessTo(
  lat: number,
  lng: number,
  radiusKm: number,
): { closeness: RawBuilder<number>; least: number } {
  const rad = Math.PI / 180;
  const cosLat = Math.cos(lat * rad);
  const x = cosLat * Math.cos(lng * rad);
  const y = cosLat * Math.sin(lng * rad);
  const z = Math.sin(lat * rad);
  return {
    closeness: sql<number>`(spas.ux * ${x} + spas.uy * ${y} + spas.uz * ${z})`,
    least: Math.cos(radiusKm / EARTH_RADIUS_KM),
  };
}
