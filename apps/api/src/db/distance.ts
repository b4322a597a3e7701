import { sql, type RawBuilder } from 'kysely';
import { EARTH_RADIUS_KM } from '@spajobs/contract/common';
import type { Engine } from './database.ts';

const RAD = Math.PI / 180;

/**
 * The great-circle distance in km from a point to the place in `latitude` and
 * `longitude` of `table` (haversine, as lib/geo.ts), computed by the database,
 * for the rows a query returns.
 */
export function distanceFrom(engine: Engine, lat: number, lng: number, table: string): RawBuilder<number> {
  return distanceFromPoint(engine, distancePoint(lat, lng), table);
}

/** A point as `distanceFromPoint` takes it, with the cosine of its latitude. */
export const distancePoint = (lat: number, lng: number) => ({ lat, lng, cosLat: Math.cos(lat * RAD) });

/** `distanceFrom`, with the cosine of the point's latitude given: its three values are its parameters. */
export function distanceFromPoint(
  engine: Engine,
  p: { lat: number; lng: number; cosLat: number },
  table: string,
): RawBuilder<number> {
  const least = engine === 'postgres' ? sql.raw('least') : sql.raw('min');
  const latitude = sql.ref(`${table}.latitude`);
  const longitude = sql.ref(`${table}.longitude`);
  const [diameter, half, rad] = [sql.lit(2 * EARTH_RADIUS_KM), sql.lit(RAD / 2), sql.lit(RAD)];
  return sql<number>`(${diameter} * asin(${least}(1, sqrt(
    power(sin((${latitude} - ${p.lat}) * ${half}), 2)
    + ${p.cosLat} * cos(${latitude} * ${rad}) * power(sin((${longitude} - ${p.lng}) * ${half}), 2)))))`;
}

/** A point's unit vector, as migration 0025 computes each spa's. */
export function unitVector(lat: number, lng: number): { x: number; y: number; z: number } {
  const cosLat = Math.cos(lat * RAD);
  return { x: cosLat * Math.cos(lng * RAD), y: cosLat * Math.sin(lng * RAD), z: Math.sin(lat * RAD) };
}

/**
 * How close a spa is to the point whose unit vector is `u` (`unitVector`), as the dot product of their unit vectors
 * (the spa's in `ux`, `uy`, `uz`, migration 0025): the cosine of the angle
 * between them, larger for nearer spas. A spa lies within `radiusKm` exactly
 * when it is at least `leastCloseness(radiusKm)`, the cosine of the radius's angle; so the
 * radius test and the nearest-first order need three products for each
 * candidate instead of the haversine's eight function calls (decision 40).
 * Its three values are its parameters.
 */
export function closenessOf(u: { x: number; y: number; z: number }): RawBuilder<number> {
  return sql<number>`(spas.ux * ${u.x} + spas.uy * ${u.y} + spas.uz * ${u.z})`;
}

/** The least closeness of a spa within `radiusKm`. */
export const leastCloseness = (radiusKm: number) => Math.cos(radiusKm / EARTH_RADIUS_KM);
