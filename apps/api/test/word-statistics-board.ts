import { afterAll, beforeAll, expect } from 'vitest';
import { RESULT_WINDOW, TOTAL_CAP } from '@spajobs/contract/common';
import { searchPlanning } from '../src/repositories/job-repository.ts';
import { analyzeJobs, createTestApp, type TestApp } from './helpers.ts';

export interface ListBody {
  data: { _id: string }[];
  total: number;
  totalCapped: boolean;
}

export interface Shown {
  total: number;
  capped: boolean;
  ids: string[];
}

/**
 * The board the word-statistics tests share (decisions 35 and 61): the cap's worth of jobs and more,
 * made before the file's tests, with the statistics read (PostgreSQL analysed, SQLite's sample drawn)
 * before they start; the planner's settings are put back after them.
 */
export function wordStatisticsBoard() {
  let t: TestApp | undefined;
  let spelling = 0;
  const defaults = { ...searchPlanning };
  const app = () => t!;
  const list = (query: Record<string, string>) =>
    app().app.inject({ url: '/api/v1/spajobs', query: { ...query, _: String(++spelling) } });

  /** Pages 1, 2 and 40 of a search, nine jobs each, and the deepest page of the window. */
  const deepest = String(Math.ceil(RESULT_WINDOW / 9));
  const read = async (query: Record<string, string>): Promise<Shown[]> => {
    const pages: Shown[] = [];
    for (const page of ['1', '2', '40', deepest]) {
      const res = await list({ ...query, limit: '9', page });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ListBody>();
      pages.push({ total: body.total, capped: body.totalCapped, ids: body.data.map((j) => j._id) });
    }
    return pages;
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 30, jobs: TOTAL_CAP + 1500 } });
    if (t.engine === 'postgres') await analyzeJobs(t.database);
    // The statistics are read (SQLite's sample drawn) in the background after the first search that asks.
    searchPlanning.summaryPastCap = TOTAL_CAP + 1;
    for (let i = 0; i < 50 && searchPlanning.fromWordStatistics === defaults.fromWordStatistics; i++) {
      await list({ q: 'hygiene' });
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    Object.assign(searchPlanning, defaults, { fromWordStatistics: searchPlanning.fromWordStatistics });
    await t?.close();
  });

  return { app, list, read, deepest };
}
