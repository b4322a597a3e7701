import { expect } from 'vitest';
import { activeJobFilter } from '../src/repositories/job-repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

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

/** A search's answer as the search tests read it. */
export interface ListBody {
  data: { _id: string }[];
  total: number;
  totalCapped: boolean;
}

/** A search as the search tests ask it: the keyword's words, texts, places and quick filters. */
export interface JobSearch {
  q?: string;
  spa?: string;
  title?: string;
  state?: string;
  city?: string;
  category?: string;
  salaryMin?: number;
  experience?: number;
}

/** The ids of every open job of a search, newest first, found by reading every job here. */
export function matching(jobs: OpenJob[], s: JobSearch): string[] {
  const words = s.q ? s.q.toLowerCase().split(/\s+/) : [];
  const title = s.title?.toLowerCase();
  const spa = s.spa?.toLowerCase();
  return jobs
    .filter(
      (j) =>
        words.every((w) => j.text.includes(w)) &&
        (!title || j.title.includes(title)) &&
        (!spa || j.spa.includes(spa)) &&
        (!s.state || j.state === s.state) &&
        (!s.city || j.city === s.city) &&
        (!s.category || j.category === s.category) &&
        (s.salaryMin === undefined || (j.salary_min !== null && j.salary_min >= s.salaryMin)) &&
        (s.experience === undefined || j.experience_min === null || j.experience_min <= s.experience),
    )
    .map((j) => String(j.id));
}

/** The search tests' data set: its open jobs, its busiest state and city, and a pay a third of them offer. */
export interface SearchData {
  t: TestApp;
  jobs: OpenJob[];
  state: string;
  city: string;
  pay: number;
}

/** A test app seeded with 30 spas and 1,200 jobs, and what the search tests read of it. */
export async function searchData(): Promise<SearchData> {
  const t = await createTestApp({ seed: { spas: 30, jobs: 1200 } });
  const jobs = await openJobs(t);
  return { t, jobs, state: busiest(jobs, 'state'), city: busiest(jobs, 'city'), pay: thirdsPay(jobs) };
}

let spelling = 0;

/** A search's page through the API, spelled anew each time so that the response cache never answers it. */
export async function listSearch(
  t: TestApp,
  s: JobSearch,
  page: number,
  limit = 4,
): Promise<ListBody & { ids: string[] }> {
  const query = Object.fromEntries(
    Object.entries({ ...s, page, limit, _: `search-${++spelling}` }).map(([k, v]) => [k, String(v)]),
  );
  const res = await t.app.inject({ url: '/api/v1/spajobs', query });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ListBody>();
  return { ...body, ids: body.data.map((j) => j._id) };
}
