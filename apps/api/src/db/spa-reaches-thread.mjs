// Each spa's reaches (db/spa-reaches.ts), and the spas in the order of the table's key, found on a thread of
// its own: about 30 µs a spa, three seconds at 100,000 spas, which on the API's thread would hold every
// request behind it.
import { parentPort, workerData } from 'node:worker_threads';
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { lowerThisThread } from '../lib/thread-priority.mjs';

// Upkeep: it gives way to the threads answering visitors.
lowerThisThread(10);

/** @type {{ id: Float64Array, lat: Float64Array, lng: Float64Array, sizes: number[], stripsPerDegree: number }} */
const { id, lat, lng, sizes, stripsPerDegree } = workerData;
const n = lat.length;
const most = Math.max(...sizes);
const reaches = sizes.map(() => new Float64Array(n).fill(Number.NaN));
if (n > 0) {
  const index = new KDBush(n);
  for (let i = 0; i < n; i++) index.add(lng[i], lat[i]);
  index.finish();
  for (let i = 0; i < n; i++) {
    // The spa itself is the first of its nearest.
    const nearest = around(index, lng[i], lat[i], most);
    sizes.forEach((size, k) => {
      const j = nearest[size - 1];
      if (j !== undefined) reaches[k][i] = distance(lng[i], lat[i], lng[j], lat[j]);
    });
  }
}
// The key: strip, longitude, id.
const strip = lat.map((l) => Math.floor(l * stripsPerDegree));
const order = Int32Array.from({ length: n }, (_, i) => i).sort(
  (a, b) => strip[a] - strip[b] || lng[a] - lng[b] || id[a] - id[b],
);
parentPort.postMessage({ reaches, order }, [...reaches.map((r) => r.buffer), order.buffer]);
