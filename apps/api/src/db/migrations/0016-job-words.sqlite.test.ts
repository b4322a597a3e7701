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

const ALL = ['title', 'description', 'spa_name'] as const;

/** Jobs the word index finds for a text, as the search's proof asks it. */
async function found(d: Db, text: string, columns: readonly ('title' | 'description' | 'spa_name')[] = ALL) {
  const match = jobWordsQuery([{ text, columns: [...columns] }], true)!;
  const r = await sql<{
    id: number;
  }>`select rowid as id from jobs_words where jobs_words match ${match}`.execute(d.db);
  return r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
}

it('the word index follows every write: new jobs, new titles, a renamed spa, a moved job, a deleted job', async () => {
  database = await createDb({ sqliteFile: ':memory:', readWorkers: 0 });
  await migrateToLatest(database);
  const d = database;
  const lotus = await insertSpa(d, { name: 'Lotus Wellness Retreat' });
  const kerala = await insertSpa(d, { name: 'केरल आयुर्वेद केंद्र' });
  const a = await insertJob(d, lotus, { title: 'Senior Spa THERAPIST', description: 'Deep tissue massage.' });
  const b = await insertJob(d, kerala, { title: 'मसाज थेरेपिस्ट', description: 'अनुभवी थेरेपिस्ट चाहिए' });

  expect(await found(d, 'therap')).toEqual([a]);
  expect(await found(d, 'therapist', ['description'])).toEqual([]);
  expect(await found(d, 'lotus')).toEqual([a]);
  expect(await found(d, 'थेरेपिस्ट')).toEqual([b]);
  expect(await found(d, 'आयुर्वेद', ['spa_name'])).toEqual([b]);
  // Words whole, then the last as a start: "tissue mass" holds both.
  expect(await found(d, 'tissue mass', ['description'])).toEqual([a]);

  await d.db.updateTable('jobs').set({ title: 'Housekeeping Lead' }).where('id', '=', a).execute();
  expect(await found(d, 'therapist')).toEqual([]);
  expect(await found(d, 'housekeep', ['title'])).toEqual([a]);

  await d.db.updateTable('spas').set({ name: 'Jasmine Day Spa' }).where('id', '=', lotus).execute();
  expect(await found(d, 'lotus')).toEqual([]);
  expect(await found(d, 'jasmine', ['spa_name'])).toEqual([a]);

  await d.db.updateTable('jobs').set({ spa_id: kerala }).where('id', '=', a).execute();
  expect(await found(d, 'jasmine')).toEqual([]);
  expect(await found(d, 'केरल', ['spa_name'])).toEqual([a, b]);

  await d.db.deleteFrom('jobs').where('id', '=', b).execute();
  expect(await found(d, 'मसाज')).toEqual([]);
  expect(await found(d, 'केरल')).toEqual([a]);
});
