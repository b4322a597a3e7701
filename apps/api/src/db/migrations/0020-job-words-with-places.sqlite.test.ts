import { afterEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, type Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { insertJob, insertSpa } from '../../../test/factories.ts';
import { jobWordsQuery } from '../text-search.ts';

let database: Db | undefined;
afterEach(async () => {
  await database?.destroy();
  database = undefined;
});

/** Jobs the word index finds for a word in a place, as the search's proof asks it. */
async function found(d: Db, text: string, places: { city?: string; state?: string; category?: string }) {
  const match = jobWordsQuery([{ text, columns: ['title', 'description', 'spa_name'] }], true, places)!;
  const r = await sql<{
    id: number;
  }>`select rowid as id from jobs_words where jobs_words match ${match}`.execute(d.db);
  return r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
}

it('the word index holds each job’s city, state and category, and follows them when they change', async () => {
  database = await createDb({ sqliteFile: ':memory:', readWorkers: 0 });
  await migrateToLatest(database);
  const d = database;
  const spa = await insertSpa(d, { name: 'Lotus Wellness Retreat' });
  const delhi = await insertJob(d, spa, { title: 'Thai Therapist' });
  const pune = await insertJob(d, spa, {
    title: 'Thai Therapist',
    city: 'Pune',
    state: 'Maharashtra',
    category: 'Beauty & Salon',
  });
  const kochi = await insertJob(d, spa, { title: 'Receptionist', city: 'Kochi', state: 'Kerala' });

  expect(await found(d, 'thai', {})).toEqual([delhi, pune]);
  // Every word of a place, as a whole word, in its own column only.
  expect(await found(d, 'thai', { city: 'New Delhi' })).toEqual([delhi]);
  expect(await found(d, 'thai', { city: 'Pune', state: 'Maharashtra' })).toEqual([pune]);
  expect(await found(d, 'thai', { category: 'Beauty & Salon' })).toEqual([pune]);
  // A place's words are found in any place that holds them (Delhi in New Delhi): the search then tests
  // the place exactly, on the job.
  expect(await found(d, 'thai', { city: 'Delhi' })).toEqual([delhi]);
  expect(await found(d, 'thai', { state: 'Pune' })).toEqual([]);
  expect(await found(d, 'thai', { city: 'Kochi' })).toEqual([]);
  expect(await found(d, 'recep', { city: 'Kochi' })).toEqual([kochi]);

  await d.db.updateTable('jobs').set({ city: 'Kochi', state: 'Kerala' }).where('id', '=', pune).execute();
  expect(await found(d, 'thai', { city: 'Pune' })).toEqual([]);
  expect(await found(d, 'thai', { city: 'Kochi', state: 'Kerala' })).toEqual([pune]);
  await d.db.updateTable('jobs').set({ category: 'Therapist' }).where('id', '=', pune).execute();
  expect(await found(d, 'thai', { category: 'Beauty & Salon' })).toEqual([]);
  expect(await found(d, 'thai', { category: 'Therapist' })).toEqual([delhi, pune]);

  // Words, spa names and deletes are followed as before (migration 0016's test).
  await d.db.updateTable('spas').set({ name: 'Jasmine Day Spa' }).where('id', '=', spa).execute();
  expect(await found(d, 'jasmine', { city: 'Kochi' })).toEqual([pune, kochi]);
  await d.db.deleteFrom('jobs').where('id', '=', kochi).execute();
  expect(await found(d, 'jasmine', { city: 'Kochi' })).toEqual([pune]);
});
