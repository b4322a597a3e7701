import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { importData, ImportError, readImportFile } from './importer.ts';

const examples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/examples');
const read = (name: string) => readImportFile(name, fs.readFileSync(path.join(examples, name), 'utf8'));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: false });
});
afterEach(() => t.close());

const counts = async () => {
  const s = await t.database.db
    .selectFrom('spas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const j = await t.database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { spas: Number(s.n), jobs: Number(j.n) };
};

describe('import', () => {
  it('imports the JSON example, and importing it again updates instead of duplicating', async () => {
    const first = await importData(t.database, read('spas-and-jobs.json'));
    expect(first).toEqual({ spas: { inserted: 1, updated: 0 }, jobs: { inserted: 1, updated: 0 } });
    const second = await importData(t.database, read('spas-and-jobs.json'));
    expect(second).toEqual({ spas: { inserted: 0, updated: 1 }, jobs: { inserted: 0, updated: 1 } });
    expect(await counts()).toEqual({ spas: 1, jobs: 1 });
    const job = (await t.app.inject('/api/v1/spajobs?title=panchakarma')).json().data[0];
    expect(job).toMatchObject({
      city: 'Kochi',
      state: 'Kerala',
      location: 'Fort Kochi, Kochi',
      spa: { name: 'Kairali Ayurveda Retreat, Fort Kochi' },
    });
    // The salary as a number, for the minimum-salary filter and the best-paid order.
    const row = await t.database.db.selectFrom('jobs').select('salary_min').executeTakeFirstOrThrow();
    expect(row.salary_min).toBe(22_000);
    expect((await t.app.inject('/api/v1/spajobs?salaryMin=22000')).json().total).toBe(1);
    expect((await t.app.inject('/api/v1/spajobs?salaryMin=22001')).json().total).toBe(0);
  });

  it('imports spas and jobs from CSV files, jobs pointing at spas already stored', async () => {
    await importData(t.database, read('spas.csv'));
    await importData(t.database, read('jobs.csv'));
    expect(await counts()).toEqual({ spas: 1, jobs: 1 });
    const spa = (await t.app.inject('/api/v1/spas/search?name=sukoon')).json().data[0];
    expect(spa).toMatchObject({
      category: 'Thai Spa',
      city: 'Bengaluru',
      rating: 4.4,
      reviews: 87,
      openJobs: 1,
    });
    expect(spa.galleryImages).toHaveLength(2);
  });

  it('a bad file is reported with row numbers and reasons, and imports nothing', async () => {
    const csv = [
      'externalId,name,city,state,latitude,longitude,rating',
      'ok-1,Good Spa,Pune,Maharashtra,18.52,73.85,4.5',
      'bad-1,,Pune,Maharashtra,18.52,73.85,4.5',
      'bad-2,Far Spa,Pune,Maharashtra,95,73.85,4.5',
      'bad-3,Odd Spa,Pune,Maharashtra,18.5,73.8,seven',
      'ok-1,Twice,Pune,Maharashtra,18.52,73.85,4',
    ].join('\n');
    let err: unknown;
    try {
      await importData(t.database, readImportFile('spas.csv', csv));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ImportError);
    const problems = (err as ImportError).problems.map((p) => `${p.where}: ${p.field} ${p.message}`);
    expect(problems).toEqual([
      'spas row 3: name is required',
      'spas row 4: latitude must be between -90 and 90',
      'spas row 5: rating must be a number',
      'spas row 6: externalId "ok-1" appears more than once in the file',
    ]);
    expect(await counts()).toEqual({ spas: 0, jobs: 0 });
  });

  it('a job pointing at an unknown spa fails the whole file', async () => {
    const input = read('spas-and-jobs.json');
    (input.jobs[0] as { spaExternalId: string }).spaExternalId = 'nobody';
    await expect(importData(t.database, input)).rejects.toMatchObject({
      problems: [{ where: 'jobs[0]', field: 'spaExternalId', message: 'no spa with externalId "nobody"' }],
    });
    expect(await counts()).toEqual({ spas: 0, jobs: 0 });
  });

  it('refuses files that are not JSON or CSV, or not shaped as expected', () => {
    expect(() => readImportFile('data.xlsx', '')).toThrow(ImportError);
    expect(() => readImportFile('data.json', '{oops')).toThrow(ImportError);
    expect(() => readImportFile('data.json', '[1,2]')).toThrow(ImportError);
  });
});
