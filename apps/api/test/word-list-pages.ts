import { expect } from 'vitest';
import { searchPlanning } from '../src/repositories/job-repository.ts';
import type { TestApp } from './helpers.ts';
import type { ListBody, Shown } from './word-statistics-board.ts';

/**
 * The words' lists' tests (decisions 64 and 77): a search's pages as the lists read them and as the walk
 * does. `app` gives the test's app once it is made. `way` names the way of reading compared (by default
 * the lists): the setting that turns it off, and the count of searches it answered.
 */
export function wordListPages(
  app: () => TestApp,
  way: {
    off: 'wordLists' | 'stateWindows' | 'stateText';
    count: 'fromWordLists' | 'fromStateWindows' | 'fromStateText';
  } = { off: 'wordLists', count: 'fromWordLists' },
) {
  let spelling = 0;
  const list = (query: Record<string, string>) =>
    app().app.inject({ url: '/api/v1/spajobs', query: { ...query, _: String(++spelling) } });

  /** Pages 1, 2 and 30 of nine jobs, with their totals. */
  const pages = async (query: Record<string, string>) => {
    const out: Shown[] = [];
    for (const page of ['1', '2', '30']) {
      const res = await list({ ...query, limit: '9', page });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ListBody>();
      out.push({ total: body.total, capped: body.totalCapped, ids: body.data.map((j) => j._id) });
    }
    return out;
  };

  /** The search read the way compared, and as it is read without it: the same pages, and whether it served. */
  const both = async (query: Record<string, string>) => {
    const before = searchPlanning[way.count];
    const listed = await pages(query);
    const served = searchPlanning[way.count] > before;
    searchPlanning[way.off] = false;
    try {
      expect(await pages(query), JSON.stringify(query)).toEqual(listed);
    } finally {
      searchPlanning[way.off] = true;
    }
    return { listed, served };
  };

  return { pages, both };
}
