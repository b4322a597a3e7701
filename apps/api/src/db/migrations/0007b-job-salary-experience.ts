import { sql, type Kysely } from 'kysely';
import { minExperienceYears, minMonthlySalary } from '@spajobs/contract/job-numbers';
import type { Engine } from '../database.ts';

/** Jobs are read and written back this many at a time. */
const BATCH = 500;

/**
 * Salary and experience as numbers, for the minimum-salary and experience
 * filters and the best-paid order: `salary_min` (lowest monthly rupees) and
 * `experience_min` (fewest years asked), read from the texts with the same
 * functions every writer uses (`jobNumbers`). Existing jobs are filled here,
 * in batches by id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('salary_min', 'integer').execute();
  await db.schema.alterTable('jobs').addColumn('experience_min', 'integer').execute();

  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('jobs')
      .select(['id', 'salary', 'experience'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]!.id);
    const ids = rows.map((r) => Number(r.id));
    const caseOf = (value: (r: (typeof rows)[number]) => number | null) =>
      sql.join(
        rows.map((r) => sql`when ${Number(r.id)} then ${value(r)}`),
        sql` `,
      );
    const cast = engine === 'postgres' ? sql`::integer` : sql``;
    await sql`update jobs set
        salary_min = (case id ${caseOf((r) => minMonthlySalary(r.salary))} end)${cast},
        experience_min = (case id ${caseOf((r) => minExperienceYears(r.experience))} end)${cast}
      where id in (${sql.join(ids)})`.execute(db);
  }

  // Best paid first among open jobs, read in order from the index.
  await db.schema
    .createIndex('jobs_salary')
    .on('jobs')
    .columns(['is_active', 'salary_min', 'posted_at', 'id'])
    .execute();
}
