import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { PASSWORD, registerCandidate } from '../../../test/fixtures/accounts.ts';
import { employerWithJob, makeAdmin, registerEmployer, spaBody } from '../../../test/fixtures/employers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await createTestApp({ seed: { spas: 3, jobs: 12 }, env: { RATE_LIMITS: 'off', DIGEST_SWEEP_MS: '0' } });
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ url: `/api/v1${url}`, headers });
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });

async function listed(title: string) {
  const body = (await get(`/spajobs?title=${encodeURIComponent(title)}`)).json<{
    data: { _id: string }[];
    total: number;
  }>();
  return { ids: body.data.map((j) => j._id), total: body.total };
}
const auditActions = async () =>
  (await get('/admin/audit', admin.headers)).json<{ data: { action: string; targetId: string | null }[] }>()
    .data;

describe('role guard', () => {
  const endpoints: [string, string, object?][] = [
    ['GET', '/admin/stats'],
    ['GET', '/admin/spas/pending'],
    ['POST', '/admin/spas/1/verification', { decision: 'verified' }],
    ['GET', '/admin/jobs/pending'],
    ['POST', '/admin/jobs/1/moderation', { decision: 'approved' }],
    ['GET', '/admin/reports'],
    ['POST', '/admin/reports/1/resolution', { action: 'dismiss' }],
    ['GET', '/admin/users'],
    ['POST', '/admin/users/1/disable'],
    ['GET', '/admin/messages'],
    ['POST', '/admin/messages/1/handled'],
    ['GET', '/admin/audit'],
    ['GET', '/admin/export/applications.csv'],
    ['GET', '/admin/export/jobs.csv'],
  ];

  it('answers 401 without a token, 403 to candidates and employers on every admin endpoint', async () => {
    const c = await registerCandidate(t.app);
    const e = await registerEmployer(t.app);
    for (const [method, url, payload] of endpoints) {
      const opts = { method: method as 'GET', url: `/api/v1${url}`, ...(payload ? { payload } : {}) };
      expect((await t.app.inject(opts)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of [c, e]) {
        const res = await t.app.inject({ ...opts, headers: who.headers });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(m.adminsOnly);
      }
    }
  });
});

describe('spa verification', () => {
  it('lists pending spas; a rejection carries a note the employer sees; both are audited', async () => {
    const e = await registerEmployer(t.app);
    const spaId = (await post('/employer/spas', e.headers, spaBody({ name: 'Doubtful Day Spa' }))).json()
      .spaId as string;
    const pending = (await get('/admin/spas/pending', admin.headers)).json().data;
    expect(pending).toContainEqual(
      expect.objectContaining({
        _id: spaId,
        name: 'Doubtful Day Spa',
        owner: expect.stringContaining(e.payload.email),
      }),
    );

    const note = 'The phone number did not answer. Please check it.';
    expect(
      (await post(`/admin/spas/${spaId}/verification`, admin.headers, { decision: 'rejected', note }))
        .statusCode,
    ).toBe(200);
    expect((await get('/employer/spas', e.headers)).json().data[0]).toMatchObject({
      verification: 'rejected',
      verificationNote: note,
    });
    const refused = await post('/employer/jobs', e.headers, {
      spaId,
      title: 'Therapist',
      salary: '₹20,000',
      experience: '1 year',
      category: 'Therapist',
      location: 'MG Road',
      vacancies: 1,
      gender: 'Any',
      description: 'x',
      requirements: 'y',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.spaRejected);

    // Corrected details send it back for another look.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/employer/spas/${spaId}`,
          headers: e.headers,
          payload: spaBody({ name: 'Doubtful Day Spa', phone: '9123456780' }),
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/employer/spas', e.headers)).json().data[0].verification).toBe('pending');
    expect(
      (await post(`/admin/spas/${spaId}/verification`, admin.headers, { decision: 'verified' })).statusCode,
    ).toBe(200);
    expect((await get(`/spas/spa/${spaId}/details`)).json().spa).toMatchObject({ verified: true });
    expect(
      (await post('/admin/spas/99999999/verification', admin.headers, { decision: 'verified' })).statusCode,
    ).toBe(404);
    expect(
      (await post(`/admin/spas/${spaId}/verification`, admin.headers, { decision: 'maybe' })).statusCode,
    ).toBe(400);

    const log = await auditActions();
    expect(log.filter((a) => a.targetId === spaId).map((a) => a.action)).toEqual([
      'spa.verify',
      'spa.reject',
    ]);
  });

  it('rejecting a waiting job keeps it out of listings; approving opens it', async () => {
    const title = 'Moderated Spa Manager';
    const { jobId } = await employerWithJob(t, admin, { verify: false, title });
    expect(
      (await get('/admin/jobs/pending', admin.headers)).json().data.map((j: { _id: string }) => j._id),
    ).toContain(jobId);
    expect(
      (await post(`/admin/jobs/${jobId}/moderation`, admin.headers, { decision: 'approved' })).statusCode,
    ).toBe(200);
    expect((await listed(title)).ids).toEqual([jobId]);
    expect(
      (
        await post(`/admin/jobs/${jobId}/moderation`, admin.headers, {
          decision: 'rejected',
          note: 'Duplicate',
        })
      ).statusCode,
    ).toBe(200);
    expect((await listed(title)).total).toBe(0);
    expect(
      (await get('/admin/jobs/pending', admin.headers)).json().data.map((j: { _id: string }) => j._id),
    ).not.toContain(jobId);
  });
});

describe('reports', () => {
  it('a candidate reports a job; the admin rejects it and it leaves every listing at once', async () => {
    const title = 'Reported Therapist Earn Lakhs';
    const { jobId } = await employerWithJob(t, admin, { title });
    const recent = async () => (await get('/spajobs/recent')).json<{ count: number }>().count;
    expect((await listed(title)).total).toBe(1);
    const open = await recent();

    const bad = await post(`/spajobs/${jobId}/report`, {}, { reason: 'spam' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.reason).toBe(m.reportReasonRequired);
    const c = await registerCandidate(t.app);
    const reported = await post(`/spajobs/${jobId}/report`, c.headers, {
      reason: 'asks-money',
      details: 'Asked for a ₹5,000 joining fee',
    });
    expect(reported.statusCode).toBe(201);
    expect(reported.json().message).toBe(m.reportSent);
    expect((await post(`/jobs/${jobId}/report`, {}, { reason: 'fake' })).statusCode).toBe(201);
    expect((await post('/spajobs/99999999/report', {}, { reason: 'fake' })).statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('job_reports')
      .selectAll()
      .where('job_id', '=', Number(jobId))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: c.id,
      reason: 'asks-money',
      details: 'Asked for a ₹5,000 joining fee',
    });

    const reports = (await get('/admin/reports', admin.headers))
      .json()
      .data.filter((r: { job: { _id: string } }) => r.job._id === jobId);
    expect(reports).toHaveLength(2);
    const resolve = await post(`/admin/reports/${reports[0]._id}/resolution`, admin.headers, {
      action: 'reject-job',
    });
    expect(resolve.statusCode).toBe(200);
    expect(await listed(title)).toEqual({ ids: [], total: 0 });
    expect(await recent()).toBe(open - 1);
    expect((await get(`/spajobs/${jobId}`)).json().status).toBe('closed');
    // Both reports of the job are settled.
    expect(
      (await get('/admin/reports', admin.headers))
        .json()
        .data.filter((r: { job: { _id: string } }) => r.job._id === jobId),
    ).toHaveLength(0);
    expect(
      (await post(`/admin/reports/${reports[1]._id}/resolution`, admin.headers, { action: 'dismiss' }))
        .statusCode,
    ).toBe(409);
    expect((await auditActions()).map((a) => a.action)).toEqual(
      expect.arrayContaining(['job.reject', 'report.reject-job']),
    );
  });

  it('dismissing a report leaves the job listed', async () => {
    const title = 'Honest Receptionist Report Dismissed';
    const { jobId } = await employerWithJob(t, admin, { title });
    await post(`/spajobs/${jobId}/report`, {}, { reason: 'wrong-details' });
    const report = (await get('/admin/reports', admin.headers))
      .json()
      .data.find((r: { job: { _id: string } }) => r.job._id === jobId);
    expect(
      (await post(`/admin/reports/${report._id}/resolution`, admin.headers, { action: 'dismiss' }))
        .statusCode,
    ).toBe(200);
    expect((await listed(title)).total).toBe(1);
  });
});

describe('users', () => {
  it('finds an account and disables it: its tokens stop working at once and it cannot sign in', async () => {
    const c = await registerCandidate(t.app, { firstname: 'Disabledtest' });
    expect((await get('/users/profile', c.headers)).statusCode).toBe(200);
    const found = (await get('/admin/users?q=disabledtest', admin.headers)).json().data;
    expect(found).toEqual([
      expect.objectContaining({ _id: String(c.id), email: c.payload.email, role: 'user', disabled: false }),
    ]);

    expect((await post(`/admin/users/${c.id}/disable`, admin.headers)).statusCode).toBe(200);
    expect((await get('/users/profile', c.headers)).statusCode).toBe(401);
    const login = await post('/users/login', {}, { login: c.payload.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(m.accountDisabled);
    expect(
      (await get(`/admin/users?q=${encodeURIComponent(c.payload.email)}`, admin.headers)).json().data[0]
        .disabled,
    ).toBe(true);

    expect((await post(`/admin/users/${c.id}/enable`, admin.headers)).statusCode).toBe(200);
    expect((await post('/users/login', {}, { login: c.payload.email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    // Tokens from before the disabling stay ended.
    expect((await get('/users/profile', c.headers)).statusCode).toBe(401);

    expect((await post(`/admin/users/${admin.id}/disable`, admin.headers)).statusCode).toBe(409);
    expect((await post('/admin/users/99999999/disable', admin.headers)).statusCode).toBe(404);
    expect((await auditActions()).filter((a) => a.targetId === String(c.id)).map((a) => a.action)).toEqual([
      'user.enable',
      'user.disable',
    ]);
  });

  it('a disabled employer loses the employer area at once', async () => {
    const e = await registerEmployer(t.app);
    expect((await get('/employer/spas', e.headers)).statusCode).toBe(200);
    await post(`/admin/users/${e.id}/disable`, admin.headers);
    expect((await get('/employer/spas', e.headers)).statusCode).toBe(401);
    const login = await post('/employer/login', {}, { login: e.payload.email, password: PASSWORD });
    expect(login.json().message).toBe(m.accountDisabled);
  });
});

describe('contact messages', () => {
  it('lists new messages and marks one handled, once', async () => {
    const sent = await post(
      '/messages',
      {},
      { name: 'Ramesh', email: 'ramesh@example.in', subject: 'jobs', message: 'Do you have jobs in Pune?' },
    );
    expect(sent.statusCode).toBe(201);
    const inbox = (await get('/admin/messages', admin.headers)).json().data;
    const msg = inbox.find((x: { email: string }) => x.email === 'ramesh@example.in');
    expect(msg).toMatchObject({ name: 'Ramesh', message: 'Do you have jobs in Pune?', handledAt: null });
    expect((await post(`/admin/messages/${msg._id}/handled`, admin.headers)).statusCode).toBe(200);
    expect((await post(`/admin/messages/${msg._id}/handled`, admin.headers)).statusCode).toBe(409);
    expect(
      (await get('/admin/messages', admin.headers)).json().data.map((x: { _id: string }) => x._id),
    ).not.toContain(msg._id);
    expect(
      (await get('/admin/messages?handled=true', admin.headers))
        .json()
        .data.map((x: { _id: string }) => x._id),
    ).toContain(msg._id);
  });
});

describe('figures and exports', () => {
  it('exports applications per job and per spa, and all jobs, as CSV', async () => {
    const { jobId, spaId } = await employerWithJob(t, admin, { title: 'CSV Export Therapist' });
    const other = await employerWithJob(t, admin, { title: 'CSV Other Spa Job' });
    const c = await registerCandidate(t.app, { firstname: 'Sunita', lastname: 'Kumar, Jr' });
    await post('/application/apply/user', c.headers, { jobId });
    const c2 = await registerCandidate(t.app);
    await post('/application/apply/user', c2.headers, { jobId: other.jobId });

    const perJob = await get(`/admin/export/applications.csv?jobId=${jobId}`, admin.headers);
    expect(perJob.statusCode).toBe(200);
    expect(perJob.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(perJob.headers['content-disposition']).toBe(
      `attachment; filename="applications-job-${jobId}.csv"`,
    );
    const rows = parse(perJob.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'applied',
        name: 'Sunita Kumar, Jr',
        email: c.payload.email,
        phone: c.payload.phone,
        guest: 'no',
        job_id: jobId,
        job_title: 'CSV Export Therapist',
        spa_id: spaId,
      }),
    ]);
    const perSpa = parse(
      (await get(`/admin/export/applications.csv?spaId=${other.spaId}`, admin.headers)).body,
      { columns: true, bom: true },
    ) as Record<string, string>[];
    expect(perSpa.map((r) => r.email)).toEqual([c2.payload.email]);

    const jobs = parse((await get('/admin/export/jobs.csv', admin.headers)).body, {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(jobs.find((j) => j.job_id === jobId)).toMatchObject({
      title: 'CSV Export Therapist',
      status: 'active',
      moderation: 'approved',
      listed: 'yes',
      spa_id: spaId,
    });
    const total = Number(
      (
        await t.database.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(jobs).toHaveLength(total);
    expect((await auditActions()).map((a) => a.action)).toEqual(
      expect.arrayContaining(['export.applications', 'export.jobs']),
    );
  });

  it("answers the site's figures", async () => {
    const stats = (await get('/admin/stats', admin.headers)).json().stats;
    const openJobs = (await get('/spajobs/recent')).json().count;
    const spas = Number(
      (
        await t.database.db
          .selectFrom('spas')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(stats).toMatchObject({ openJobs, spas });
    expect(stats.employers).toBeGreaterThan(0);
  });
});
