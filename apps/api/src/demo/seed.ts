import type { Db } from '../db/database.ts';
import type { NewJob } from '../db/schema.ts';
import { generateSpas, makeJobs, type GeneratorOptions } from './generator.ts';
import { Random } from './random.ts';

export const DEMO_SIZE = { spas: 300, jobs: 1500 };

/**
 * Fills the database with generated spas and jobs in batches, each batch in
 * one transaction. Used for the demo data and the benchmark data sets.
 */
export async function seedDemoData(
  { db, engine }: Db,
  opts: GeneratorOptions & { onProgress?: (spas: number, jobs: number) => void },
): Promise<{ spas: number; jobs: number }> {
  const now = opts.now ?? Date.now();
  const jobRnd = new Random((opts.seed ?? 42) ^ 0x9e3779b9);
  // Keep each statement under both engines' bound-parameter limits, and on PostgreSQL well within the
  // statement budget (2.5 s) on a busy machine: 2,500 jobs a statement, with the jobs' indexes and triggers,
  // took about a second alone and passed the budget while other work shared two cores.
  const spaBatch = 1000;
  const jobBatch = engine === 'postgres' ? 1000 : 1500;
  let spaCount = 0;
  let jobCount = 0;
  let batch: { spa: ReturnType<typeof generateSpas> extends Generator<infer T> ? T : never }[] = [];

  const flush = async () => {
    if (!batch.length) return;
    await db.transaction().execute(async (trx) => {
      const ids = await trx
        .insertInto('spas')
        .values(batch.map((b) => b.spa.spa))
        .returning('id')
        .execute();
      const jobs: NewJob[] = [];
      for (let i = 0; i < batch.length; i++) {
        const { spa, jobCount: n } = batch[i]!.spa;
        jobs.push(...makeJobs(jobRnd, ids[i]!.id, spa, n, now, `${spa.external_id}-job`));
        while (jobs.length >= jobBatch) {
          await trx.insertInto('jobs').values(jobs.splice(0, jobBatch)).execute();
          jobCount += jobBatch;
        }
      }
      if (jobs.length) {
        await trx.insertInto('jobs').values(jobs).execute();
        jobCount += jobs.length;
      }
    });
    spaCount += batch.length;
    batch = [];
    opts.onProgress?.(spaCount, jobCount);
  };

  for (const spa of generateSpas({ ...opts, now })) {
    batch.push({ spa });
    if (batch.length >= spaBatch) await flush();
  }
  await flush();
  return { spas: spaCount, jobs: jobCount };
}

export async function isEmpty({ db }: Db): Promise<boolean> {
  const row = await db.selectFrom('spas').select('id').limit(1).executeTakeFirst();
  return !row;
}
