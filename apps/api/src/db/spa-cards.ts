import type { Engine } from './database.ts';

/**
 * A listed spa's card (decision 83): the spa as the contract's JSON up to its open jobs, kept in
 * `spa_cards` in place order, so that a nearby page's spas are read from a few neighbouring pages of one
 * table and written by joining texts.
 *
 * A card's `key` orders it by the place index's strip (`place_strip`), then by its longitude to a
 * two-thousandth of a degree (about 55 m), then by the spa's id, which takes the key's low 32 bits: a
 * page's spas, near each other, have near keys. `head` is the JSON of `toSpa`'s keys, in its order, up to
 * and with `"openJobs":`; the open jobs, whether the spa is verified and its distance are written after
 * it when a page is read.
 */

/** Ids below this make distinct keys: one spa in 2^32. */
export const CARD_ID_LIMIT = 2 ** 32;

/**
 * PostgreSQL: the longest head, in bytes, that a card's primary key carries (migration 0045): with the
 * entry's other columns it stays within a B-tree entry's limit (a third of a page, 2,704 bytes) before
 * any compression. A longer head is kept in the table only (`long_head`).
 */
export const CARD_HEAD_IN_INDEX = 2_600;

/** The listed category of a spa without one; `toSpa` gives the same. */
export const DEFAULT_CATEGORY = 'Spa & Massage';

/**
 * The card key of a spa's row `t` (an alias, or `new`/`old` in a trigger), given its strip, longitude and
 * id columns, as SQL text: integers only on SQLite, bigints on PostgreSQL.
 */
export function cardKeySql(engine: Engine, t: string, strip = `${t}.place_strip`): string {
  const lng = `${t}.longitude`;
  return engine === 'sqlite'
    ? `((${strip} + 1000) * 720001 + cast((${lng} + 180) * 2000 as integer)) * 4294967296 + ${t}.id`
    : `((${strip} + 1000)::bigint * 720001 + floor((${lng} + 180) * 2000)::bigint) * 4294967296 + ${t}.id`;
}

/** A spa's strip of the place index (migration 0035) from its latitude, for rows that do not carry it. */
export const stripSql = (engine: Engine, t: string) =>
  engine === 'sqlite' ? `cast(floor(${t}.latitude * 10) as integer)` : `floor(${t}.latitude * 10)::integer`;

/**
 * The card's head of a spa's row `t`: `toSpa`'s keys and values in its order up to `closingHours`, as
 * SQLite's `json_object` or PostgreSQL's `row_to_json` writes them (no spaces; numbers with the digits that
 * read back the same value), and `,"openJobs":`. The last value written is a text or null, so the object's
 * closing brace is its last character, taken away.
 */
export function cardHeadSql(engine: Engine, t: string): string {
  const category = `coalesce(nullif(${t}.category, ''), '${DEFAULT_CATEGORY.replace(/'/g, "''")}')`;
  const gallery = `coalesce(nullif(${t}.gallery_images, ''), '[]')`;
  if (engine === 'sqlite')
    return `rtrim(json_object('_id', cast(${t}.id as text), 'name', ${t}.name,
      'business_name', ${t}.business_name, 'category', ${category}, 'logo', ${t}.logo,
      'website', ${t}.website, 'phone', ${t}.phone, 'email', ${t}.email,
      'address', json_object('state', ${t}.state, 'district', ${t}.district, 'city', ${t}.city,
        'pincode', ${t}.pincode),
      'city', ${t}.city, 'state', ${t}.state, 'fullAddress', ${t}.full_address,
      'location', json_object('type', 'Point', 'coordinates', json_array(${t}.longitude, ${t}.latitude)),
      'geolocation', json_object('coordinates', json_array(${t}.longitude, ${t}.latitude)),
      'rating', min(5, max(0, coalesce(${t}.rating, 0))), 'reviews', coalesce(${t}.reviews_count, 0),
      'direction', ${t}.map_link, 'googleMap', ${t}.google_map, 'galleryImages', json(${gallery}),
      'openingHours', ${t}.opening_hours, 'closingHours', ${t}.closing_hours), '}') || ',"openJobs":'`;
  // json_build_object writes " : " and ", " between its parts; row_to_json writes them bare.
  return `left((select row_to_json(x) from (select ${t}.id::text as "_id", ${t}.name as "name",
      ${t}.business_name as "business_name", ${category} as "category", ${t}.logo as "logo",
      ${t}.website as "website", ${t}.phone as "phone", ${t}.email as "email",
      (select row_to_json(a) from (select ${t}.state as "state", ${t}.district as "district",
        ${t}.city as "city", ${t}.pincode as "pincode") a) as "address",
      ${t}.city as "city", ${t}.state as "state", ${t}.full_address as "fullAddress",
      (select row_to_json(l) from (select 'Point'::text as "type",
        array[${t}.longitude, ${t}.latitude] as "coordinates") l) as "location",
      (select row_to_json(g) from (select array[${t}.longitude, ${t}.latitude] as "coordinates") g)
        as "geolocation",
      least(5, greatest(0, coalesce(${t}.rating, 0))) as "rating", coalesce(${t}.reviews_count, 0) as "reviews",
      ${t}.map_link as "direction", ${t}.google_map as "googleMap", ${gallery}::json as "galleryImages",
      ${t}.opening_hours as "openingHours", ${t}.closing_hours as "closingHours") x)::text, -1) || ',"openJobs":'`;
}

/** The columns a card carries besides its key and head, and their values from a spa's row `t`. */
export function cardValuesSql(engine: Engine, t: string): { columns: string; values: string } {
  return {
    columns: 'key, id, head, verified, open_jobs, open_jobs_from, open_jobs_until',
    values: `${cardKeySql(engine, t, stripSql(engine, t))}, ${t}.id, ${cardHeadSql(engine, t)},
      ${t}.verification = 'verified', ${t}.open_jobs, ${t}.open_jobs_from, ${t}.open_jobs_until`,
  };
}

/**
 * The spas' columns a card is written from, other than the id and the open jobs' three: with the id, the
 * columns a listed spa is read from (`SpaRepository`).
 */
export const CARD_COLUMNS = [
  'name',
  'business_name',
  'category',
  'logo',
  'website',
  'phone',
  'email',
  'district',
  'city',
  'state',
  'pincode',
  'full_address',
  'latitude',
  'longitude',
  'map_link',
  'google_map',
  'gallery_images',
  'opening_hours',
  'closing_hours',
  'rating',
  'reviews_count',
  'verification',
] as const;
