import { activeJobFilter } from '../src/repositories/job-repository.ts';
import type { TestApp } from './helpers.ts';

/** An open job as the search tests compute their expected pages: texts lower-cased, numbers as numbers. */
export interface OpenJob {
  id: number;
  title: string;
  spa: string;
  /** Title, spa name and description together, as the keyword searches them. */
  text: string;
  state: string;
  city: string;
  category: string;
  salary_min: number | null;
  experience_min: number | null;
}

/** Every open job of the test's data set, newest first. */
export async function openJobs(t: TestApp): Promise<OpenJob[]> {
  const rows = await t.database.db
    .selectFrom('jobs')
    .select([
      'id',
      'title',
      'spa_name',
      'description',
      'state',
      'city',
      'category',
      'salary_min',
      'experience_min',
      'posted_at',
    ])
    .where((eb) => activeJobFilter(eb, Date.now()))
    .orderBy('posted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title.toLowerCase(),
    spa: r.spa_name.toLowerCase(),
    text: `${r.title}\n${r.spa_name}\n${r.description}`.toLowerCase(),
    state: r.state,
    city: r.city,
    category: r.category,
    salary_min: r.salary_min === null ? null : Number(r.salary_min),
    experience_min: r.experience_min === null ? null : Number(r.experience_min),
  }));
}

/** The place (city or state) with the most open jobs. */
export function busiest(jobs: OpenJob[], key: 'state' | 'city'): string {
  const n = new Map<string, number>();
  for (const j of jobs) n.set(j[key], (n.get(j[key]) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1])[0]![0];
}

/** A pay that about a third of the open jobs offer. */
export function thirdsPay(jobs: OpenJob[]): number {
  const paid = jobs.flatMap((j) => (j.salary_min === null ? [] : [j.salary_min])).sort((a, b) => b - a);
  return paid[Math.floor(paid.length / 3)]!;
}
