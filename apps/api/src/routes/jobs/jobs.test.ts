import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertJob, insertSpa } from '../../../test/factories.ts';

const DAY = 86_400_000;
type J = {
  _id: string;
  title: string;
  city: string;
  state: string;
  category: string;
  postedOn: string;
  spa: { name: string };
};

describe('job listing, detail and recent on known jobs', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const now = Date.now();
    const lotus = await insertSpa(t.database, {
      name: 'Lotus Thai Spa, Bandra',
      city: 'Mumbai',
      state: 'Maharashtra',
    });
    const veda = await insertSpa(t.database, {
      name: 'Veda Ayurveda Centre',
      city: 'Kochi',
      state: 'Kerala',
    });
    ids.thai = await insertJob(t.database, lotus, {
      title: 'Thai Therapist',
      category: 'Therapist',
      city: 'Mumbai',
      state: 'Maharashtra',
      posted_at: now - 1 * DAY,
    });
    ids.manager = await insertJob(t.database, lotus, {
      title: 'Spa Manager',
      category: 'Management',
      city: 'Mumbai',
      state: 'Maharashtra',
      posted_at: now - 10 * DAY,
    });
    ids.ayur = await insertJob(t.database, veda, {
      title: 'Ayurvedic Therapist',
      category: 'Ayurveda',
      city: 'Kochi',
      state: 'Kerala',
      posted_at: now - 3 * DAY,
    });
    ids.recep = await insertJob(t.database, veda, {
      title: 'Spa Receptionist',
      category: 'Front Desk',
      city: 'Kochi',
      state: 'Kerala',
      posted_at: now - 40 * DAY,
    });
    ids.closed = await insertJob(t.database, veda, {
      title: 'Closed Therapist',
      category: 'Therapist',
      city: 'Kochi',
      state: 'Kerala',
      is_active: 0,
      posted_at: now,
    });
    ids.expired = await insertJob(t.database, lotus, {
      title: 'Expired Therapist',
      category: 'Therapist',
      city: 'Mumbai',
      state: 'Maharashtra',
      posted_at: now - 2 * DAY,
      expires_at: now - 1000,
    });
    ids.wild = await insertJob(t.database, veda, {
      title: '100% Commission_Stylist',
      category: 'Beauty & Salon',
      city: 'Kochi',
      state: 'Kerala',
      posted_at: now - 5 * DAY,
    });
  });
  afterAll(() => t.close());

  const list = async (q: string) => {
    const res = await t.app.inject(`/api/v1/spajobs?${q}`);
    expect(res.statusCode, q).toBe(200);
    return res.json() as { success: true; data: J[]; total: number; page: number; pages: number };
  };

  it('lists open jobs only, newest first, with total, page and pages', async () => {
    const r = await list('');
    expect(r.data.map((j) => j.title)).toEqual([
      'Thai Therapist',
      'Ayurvedic Therapist',
      '100% Commission_Stylist',
      'Spa Manager',
      'Spa Receptionist',
    ]);
    expect(r).toMatchObject({ success: true, total: 5, page: 1, pages: 1 });
  });

  it('each filter alone', async () => {
    expect((await list('title=THERAPIST')).data.map((j) => j.title)).toEqual([
      'Thai Therapist',
      'Ayurvedic Therapist',
    ]);
    expect((await list('spa=lotus')).data.map((j) => j.title)).toEqual(['Thai Therapist', 'Spa Manager']);
    expect((await list('category=Ayurveda')).data.map((j) => j.title)).toEqual(['Ayurvedic Therapist']);
    expect((await list('state=Kerala')).total).toBe(3);
    expect((await list('city=Mumbai')).total).toBe(2);
    expect((await list('city=mumbai')).total).toBe(0); // exact match
    const since = new Date(Date.now() - 7 * DAY).toISOString().slice(0, 10);
    expect((await list(`postedDate=${since}`)).data.map((j) => j.title)).toEqual([
      'Thai Therapist',
      'Ayurvedic Therapist',
      '100% Commission_Stylist',
    ]);
  });

  it('filters combined narrow the results', async () => {
    expect((await list('title=therapist&state=Kerala')).data.map((j) => j.title)).toEqual([
      'Ayurvedic Therapist',
    ]);
    expect((await list('title=spa&spa=veda&city=Kochi')).data.map((j) => j.title)).toEqual([
      'Spa Receptionist',
    ]);
    expect((await list('category=Therapist&city=Kochi')).total).toBe(0);
  });

  it('a typed % or _ matches itself, not everything', async () => {
    expect((await list('title=100%25')).data.map((j) => j.title)).toEqual(['100% Commission_Stylist']);
    expect((await list('title=n_s')).data.map((j) => j.title)).toEqual(['100% Commission_Stylist']);
    expect((await list('title=%25%25')).total).toBe(0);
  });

  it('paging: exact pages, the last page, and a page past the end', async () => {
    const p1 = await list('limit=2&page=1');
    const p3 = await list('limit=2&page=3');
    const p4 = await list('limit=2&page=4');
    expect(p1).toMatchObject({ total: 5, pages: 3, page: 1 });
    expect(p1.data).toHaveLength(2);
    expect(p3.data.map((j) => j.title)).toEqual(['Spa Receptionist']);
    expect(p4).toMatchObject({ data: [], total: 5, page: 4, pages: 3 });
  });

  it('refuses malformed parameters with a 400 naming the field', async () => {
    for (const [q, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=1000', 'limit'],
      ['postedDate=yesterday', 'postedDate'],
      ['postedDate=2025-13-45', 'postedDate'],
      [`title=${'x'.repeat(300)}`, 'title'],
    ]) {
      const res = await t.app.inject(`/api/v1/spajobs?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().fields, q).toHaveProperty(field!);
      expect(res.json().message).toContain(field);
    }
  });

  /** A job's views as stored. */
  const read = async (id: number) =>
    Number(
      (await t.database.db.selectFrom('jobs').select('views').where('id', '=', id).executeTakeFirstOrThrow())
        .views,
    );

  it('view counts flushed twice at once (a timer and a shutdown) are each written exactly once', async () => {
    await t.app.ctx.jobs.flushViews();
    const before = [await read(ids.ayur!), await read(ids.recep!)];
    for (const id of [ids.recep!, ids.ayur!, ids.recep!]) t.app.ctx.jobs.countView(id);
    const first = t.app.ctx.jobs.flushViews();
    t.app.ctx.jobs.countView(ids.ayur!);
    await Promise.all([first, t.app.ctx.jobs.flushViews()]);
    expect([await read(ids.ayur!), await read(ids.recep!)]).toEqual([before[0]! + 2, before[1]! + 2]);
  });

  it('a second of views to many jobs is written a slice at a time, each exactly once, serving others between', async () => {
    await t.app.ctx.jobs.flushViews();
    const before = [await read(ids.ayur!), await read(ids.recep!)];
    // Ids no job has, all smaller than the real ones: the real jobs' views come in the third slice.
    for (let id = -450; id < 0; id++) t.app.ctx.jobs.countView(id);
    for (const id of [ids.ayur!, ids.recep!, ids.ayur!]) t.app.ctx.jobs.countView(id);
    let done = false;
    const flush = t.app.ctx.jobs.flushViews().then(() => (done = true));
    const servedBetween = new Promise<boolean>((resolve) => setImmediate(() => resolve(!done)));
    await flush;
    expect(await servedBetween).toBe(true);
    expect([await read(ids.ayur!), await read(ids.recep!)]).toEqual([before[0]! + 2, before[1]! + 1]);
    // Nothing is left to write again.
    await t.app.ctx.jobs.flushViews();
    expect([await read(ids.ayur!), await read(ids.recep!)]).toEqual([before[0]! + 2, before[1]! + 1]);
  });

  it('job detail: the job with its spa, a view counted on each visit; closed jobs stay readable', async () => {
    const a = (await t.app.inject(`/api/v1/spajobs/${ids.thai}`)).json();
    const b = (await t.app.inject(`/api/v1/spajobs/${ids.thai}`)).json();
    expect(a).toMatchObject({
      _id: String(ids.thai),
      title: 'Thai Therapist',
      isNewJob: true,
      spa: { name: 'Lotus Thai Spa, Bandra' },
    });
    expect(b.views).toBe(a.views + 1);
    // Counted views reach the database in one write.
    await t.app.ctx.jobs.flushViews();
    const stored = await t.database.db
      .selectFrom('jobs')
      .select('views')
      .where('id', '=', ids.thai!)
      .executeTakeFirstOrThrow();
    expect(stored.views).toBe(b.views);
    expect((await t.app.inject(`/api/v1/spajobs/${ids.thai}`)).json().views).toBe(b.views + 1);
    expect((await t.app.inject(`/api/v1/spajobs/${ids.recep}`)).json().isNewJob).toBe(false);
    expect((await t.app.inject(`/api/v1/spajobs/${ids.closed}`)).statusCode).toBe(200);
    // The same handlers answer under /jobs too.
    expect((await t.app.inject(`/api/v1/jobs/${ids.ayur}`)).json().title).toBe('Ayurvedic Therapist');
  });

  it('job detail: unknown or malformed id is a 404 with "Job not found."', async () => {
    for (const id of ['999999', 'abc', '0', '12abc']) {
      const res = await t.app.inject(`/api/v1/spajobs/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Job not found.' });
    }
  });

  it('recent: newest open jobs with the total count, also under /jobs/recent', async () => {
    const r = (await t.app.inject('/api/v1/spajobs/recent?limit=2&page=1')).json();
    expect(r).toMatchObject({ success: true, count: 5 });
    expect(r.data.map((j: J) => j.title)).toEqual(['Thai Therapist', 'Ayurvedic Therapist']);
    const alias = (await t.app.inject('/api/v1/jobs/recent?limit=2&page=2')).json();
    expect(alias.data.map((j: J) => j.title)).toEqual(['100% Commission_Stylist', 'Spa Manager']);
  });

  it('recent and the summary carry an ETag and answer 304 when it matches', async () => {
    const first = await t.app.inject('/api/v1/spajobs/recent');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/v1/spajobs/recent', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('summary: open jobs by city, state, category and city with its categories', async () => {
    const s = (await t.app.inject('/api/v1/spajobs/summary/all-stats')).json();
    expect(s.success).toBe(true);
    expect(s.byCity).toEqual([
      { city: 'Kochi', totalJobs: 3 },
      { city: 'Mumbai', totalJobs: 2 },
    ]);
    expect(s.byState).toEqual([
      { state: 'Kerala', totalJobs: 3 },
      { state: 'Maharashtra', totalJobs: 2 },
    ]);
    expect(s.byCategory).toHaveLength(5);
    expect(s.byCityState).toContainEqual({
      city: 'Mumbai',
      state: 'Maharashtra',
      totalJobs: 2,
      categories: ['Management', 'Therapist'],
    });
  });
});

describe('job listing on generated data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: { spas: 60, jobs: 500 } });
  });
  afterAll(() => t.close());

  it('9 a page by default; pages partition the open jobs with no repeats', async () => {
    const first = (await t.app.inject('/api/v1/spajobs?page=1')).json();
    expect(first.data).toHaveLength(9);
    const seen = new Set<string>();
    for (let p = 1; p <= first.pages; p++) {
      for (const j of (await t.app.inject(`/api/v1/spajobs?page=${p}`)).json().data) seen.add(j._id);
    }
    expect(seen.size).toBe(first.total);
    const stats = (await t.app.inject('/api/v1/stats')).json();
    expect(stats.totalJobs).toBe(first.total);
  });

  it('summary totals add up to the open jobs', async () => {
    const s = (await t.app.inject('/api/v1/spajobs/summary/all-stats')).json();
    const total = (await t.app.inject('/api/v1/spajobs?limit=1')).json().total;
    const sum = (xs: { totalJobs: number }[]) => xs.reduce((a, x) => a + x.totalJobs, 0);
    expect(sum(s.byCity)).toBe(total);
    expect(sum(s.byState)).toBe(total);
    expect(sum(s.byCategory)).toBe(total);
    expect(sum(s.byCityState)).toBe(total);
    expect(new Set(s.byState.map((x: { state: string }) => x.state)).size).toBeGreaterThanOrEqual(12);
  });
});

describe('similar jobs, offered when a job has closed', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const open: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const now = Date.now();
    const maha = await insertSpa(t.database, { name: 'Kamal Spa', city: 'Aurangabad', state: 'Maharashtra' });
    const bihar = await insertSpa(t.database, { name: 'Ganga Spa', city: 'Aurangabad', state: 'Bihar' });
    const job = (spa: number, over: Record<string, unknown>) =>
      insertJob(t.database, spa, {
        category: 'Therapist',
        city: 'Aurangabad',
        state: 'Maharashtra',
        ...over,
      });
    for (let i = 0; i < 5; i++)
      open.push(await job(maha, { title: `Therapist ${i}`, posted_at: now - i * DAY }));
    ids.closed = await job(maha, { title: 'Closed Therapist', is_active: 0, posted_at: now });
    ids.expired = await job(maha, { title: 'Expired Therapist', posted_at: now, expires_at: now - 1000 });
    ids.manager = await job(maha, { title: 'Spa Manager', category: 'Management', posted_at: now });
    ids.otherState = await job(bihar, { title: 'Bihar Therapist', state: 'Bihar', posted_at: now });
  });
  afterAll(() => t.close());

  const similar = async (id: number | string) => {
    const res = await t.app.inject(`/api/v1/spajobs/${id}/similar`);
    return { status: res.statusCode, body: res.json() as { success: boolean; data: J[]; message?: string } };
  };

  it('the newest three open jobs of its category in its city and state, never itself or a closed one', async () => {
    for (const id of [ids.closed!, ids.expired!]) {
      const { status, body } = await similar(id);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data.map((j) => j._id)).toEqual(open.slice(0, 3).map(String));
    }
    // An open job is not offered to itself; the answer is the same under /jobs.
    const res = await t.app.inject(`/api/v1/jobs/${open[0]}/similar`);
    expect(res.json().data.map((j: J) => j._id)).toEqual(open.slice(1, 4).map(String));
    // Only the category and place: the other state's Aurangabad and the other category are never offered.
    const titles = (await similar(ids.closed!)).body.data.map((j) => j.title);
    expect(titles).not.toContain('Bihar Therapist');
    expect(titles).not.toContain('Spa Manager');
    expect((await similar(ids.otherState!)).body.data).toEqual([]);
  });

  it('counts no view, and answers 404 for an unknown or malformed id', async () => {
    await similar(ids.closed!);
    await t.app.ctx.jobs.flushViews();
    const row = await t.database.db
      .selectFrom('jobs')
      .select('views')
      .where('id', '=', ids.closed!)
      .executeTakeFirstOrThrow();
    expect(row.views).toBe(0);
    for (const id of ['999999', 'abc', '0']) {
      const { status, body } = await similar(id);
      expect(status, id).toBe(404);
      expect(body).toMatchObject({ success: false, message: 'Job not found.' });
    }
  });
});
