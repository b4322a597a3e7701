import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bearer, form, listen, PASSWORD, registerCandidate } from '../../../test/fixtures/accounts.ts';
import {
  employerWithJob,
  jobBody,
  makeAdmin,
  outbox,
  registerEmployer,
  spaBody,
} from '../../../test/fixtures/employers.ts';
import * as files from '../../../test/fixtures/files.ts';

const DAY = 86_400_000;
let t: TestApp;
let base: string;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await createTestApp({ seed: { spas: 3, jobs: 12 }, env: { RATE_LIMITS: 'off', DIGEST_SWEEP_MS: '0' } });
  base = await listen(t.app);
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
const put = (url: string, headers: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers, payload });

/** What a visitor sees: the listing filtered to a title, and its count (both through the caches). */
async function listed(title: string) {
  const res = await get(`/spajobs?title=${encodeURIComponent(title)}`);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ data: { _id: string }[]; total: number }>();
  return { ids: body.data.map((j) => j._id), total: body.total };
}
const openCount = async () => (await get('/spajobs/recent')).json<{ count: number }>().count;

const apply = (headers: Headers, jobId: string) => post('/application/apply/user', headers, { jobId });

describe('employer accounts', () => {
  it('registers an employer, who signs in to the employer area but not through the candidate login', async () => {
    const e = await registerEmployer(t.app);
    const row = await t.database.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('employer');
    const candidateLogin = await post('/users/login', {}, { login: e.payload.email, password: PASSWORD });
    expect(candidateLogin.statusCode).toBe(403);
    expect(candidateLogin.json().message).toBe(m.loginAccessDenied);
    const login = await post('/employer/login', {}, { login: e.payload.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().role).toBe('employer');

    const c = await registerCandidate(t.app);
    const refused = await post('/employer/login', {}, { login: c.payload.email, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.staffOnly);
  });

  it('refuses a registration with the contract messages and a taken e-mail with 409', async () => {
    const bad = await post('/employer/register', {}, { firstname: '', email: 'x', phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    const e = await registerEmployer(t.app);
    const again = await post('/employer/register', {}, { ...e.payload, phone: '9000000001' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.email).toBe(m.emailTaken);
  });
});

describe('role guard', () => {
  const endpoints: [string, string, object?][] = [
    ['GET', '/employer/spas'],
    ['POST', '/employer/spas', spaBody()],
    ['PUT', '/employer/spas/1', spaBody()],
    ['POST', '/employer/spas/1/claim'],
    ['POST', '/employer/spas/1/members', { login: 'a@b.in' }],
    ['GET', '/employer/jobs'],
    ['POST', '/employer/jobs', { ...jobBody(), spaId: '1' }],
    ['PUT', '/employer/jobs/1', jobBody()],
    ['POST', '/employer/jobs/1/pause'],
    ['GET', '/employer/applications'],
    ['GET', '/employer/applications/1/resume'],
    ['POST', '/employer/applications/1/status', { status: 'shortlisted' }],
    ['POST', '/employer/applications/bulk-status', { ids: ['1'], status: 'rejected' }],
  ];

  it('answers 401 without a token and 403 to a candidate on every employer endpoint', async () => {
    const c = await registerCandidate(t.app);
    for (const [method, url, payload] of endpoints) {
      const opts = {
        method: method as 'GET',
        url: `/api/v1${url}`,
        ...(payload ? { payload } : {}),
      };
      const anon = await t.app.inject(opts);
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const cand = await t.app.inject({ ...opts, headers: c.headers });
      expect(cand.statusCode, `${method} ${url}`).toBe(403);
      expect(cand.json().message).toBe(m.employersOnly);
    }
  });
});

describe('spas and jobs', () => {
  it('a new spa is pending; its job waits for moderation and opens the moment the spa is verified', async () => {
    const e = await registerEmployer(t.app);
    const spa = await post('/employer/spas', e.headers, spaBody({ name: 'Kerala Ayur Retreat' }));
    expect(spa.statusCode).toBe(201);
    const spaId = spa.json().spaId as string;
    const mine = (await get('/employer/spas', e.headers)).json().data;
    expect(mine).toEqual([
      expect.objectContaining({
        _id: spaId,
        name: 'Kerala Ayur Retreat',
        verification: 'pending',
        memberRole: 'owner',
        whatsapp: '9876543210',
      }),
    ]);

    const title = 'Shirodhara Specialist Pending';
    const before = await openCount();
    expect((await listed(title)).total).toBe(0);
    const job = await post('/employer/jobs', e.headers, { ...jobBody({ title }), spaId });
    expect(job.statusCode).toBe(201);
    expect(job.json().moderation).toBe('pending');
    const jobId = job.json().jobId as string;
    expect((await listed(title)).total).toBe(0);
    expect((await get(`/spajobs/${jobId}`)).json().status).toBe('closed');
    expect(
      (await get('/admin/jobs/pending', admin.headers)).json().data.map((j: { _id: string }) => j._id),
    ).toContain(jobId);

    const v = await post(`/admin/spas/${spaId}/verification`, admin.headers, { decision: 'verified' });
    expect(v.statusCode).toBe(200);
    expect(await listed(title)).toEqual({ ids: [jobId], total: 1 });
    expect(await openCount()).toBe(before + 1);
    const page = (await get(`/spajobs/${jobId}`)).json();
    expect(page).toMatchObject({ status: 'open', spa: { _id: spaId, verified: true } });
    const posted = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', Number(jobId))
      .executeTakeFirstOrThrow();
    expect(Number(posted.expires_at) - Number(posted.posted_at)).toBe(30 * DAY);
    expect(posted).toMatchObject({ city: 'Bengaluru', state: 'Karnataka', posted_by: e.id });
  });

  it('refuses a spa without a map pin and finds a pin from the city', async () => {
    const e = await registerEmployer(t.app);
    const res = await post(
      '/employer/spas',
      e.headers,
      spaBody({ latitude: '', longitude: undefined, phone: '12' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      latitude: m.mapPinRequired,
      longitude: m.mapPinRequired,
      phone: m.phoneTenDigits,
    });
    expect((await get('/employer/spas', e.headers)).json().data).toEqual([]);
    const place = await get('/geo/place?city=bengaluru&state=Karnataka');
    expect(place.statusCode).toBe(200);
    expect(place.json()).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
    expect(place.json().lat).toBeCloseTo(12.97, 0);
    expect((await get('/geo/place?city=Atlantis')).statusCode).toBe(404);
  });

  it("a spa that moves takes its jobs to its new city, in the listings and the keyword's lists", async () => {
    const title = 'Kansa Vataki Therapist';
    const { employer, spaId, jobId } = await employerWithJob(t, admin, { title });
    // A job imported with a city of its own (not the spa's) keeps it.
    const own = await t.database.db
      .insertInto('jobs')
      .values({
        spa_id: Number(spaId),
        title: `${title} Goa`,
        salary: '20000',
        experience: '1 year',
        category: 'Therapist',
        city: 'Panaji',
        state: 'Goa',
        location: 'Panaji',
        description: 'Kansa vataki foot massage.',
        requirements: 'None',
        posted_at: Date.now(),
        expires_at: Date.now() + 30 * DAY,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inCity = async (city: string, query: string) => {
      const res = await get(`/spajobs?${query}&city=${encodeURIComponent(city)}`);
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { _id: string }[] }>().data.map((j) => j._id);
    };
    expect(await inCity('Bengaluru', 'q=vataki')).toEqual([jobId]);
    const moved = await put(
      `/employer/spas/${spaId}`,
      employer.headers,
      spaBody({
        city: 'Mysuru',
        addressLine: '3 Palace Road',
        pincode: '570001',
        latitude: 12.3,
        longitude: 76.65,
      }),
    );
    expect(moved.statusCode).toBe(200);
    for (const query of ['q=vataki', `title=${encodeURIComponent(title)}`]) {
      expect(await inCity('Bengaluru', query), query).toEqual([]);
      expect(await inCity('Mysuru', query), query).toEqual([jobId]);
    }
    expect(await inCity('Panaji', 'q=vataki')).toEqual([String(own.id)]);
    expect((await get(`/spajobs/${jobId}`)).json()).toMatchObject({ city: 'Mysuru', state: 'Karnataka' });
  });

  it('refuses a bad job post with the contract messages and saves nothing', async () => {
    const { employer, spaId } = await employerWithJob(t, admin);
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('spa_id', '=', Number(spaId))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await post('/employer/jobs', employer.headers, {
      ...jobBody({ title: ' ', vacancies: 0, gender: 'X' }),
      spaId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      title: m.jobTitleRequired,
      vacancies: m.vacanciesInvalid,
      gender: m.jobGenderInvalid,
    });
    expect(await count()).toBe(before);
  });

  it('saves a job whose title and description are as long as the form allows, in Devanagari', async () => {
    const { employer, spaId } = await employerWithJob(t, admin);
    // Varied text, so that it does not shrink when stored: each character three bytes.
    const letters = Array.from({ length: 0x0939 - 0x0915 + 1 }, (_, i) => String.fromCodePoint(0x0915 + i));
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) >> 8;
    const text = (n: number) =>
      Array.from({ length: n }, (_, i) => (i % 6 === 5 ? ' ' : letters[next() % letters.length])).join('');
    const title = `${text(190).trim()} अंत`;
    const description = text(5_000).trim();
    const res = await post('/employer/jobs', employer.headers, { ...jobBody({ title, description }), spaId });
    expect(res.statusCode, res.body).toBe(201);
    const saved = (await get(`/spajobs/${res.json().jobId}`)).json();
    expect(saved).toMatchObject({ title, description });
  });

  it('pause, resume, close and renew follow the state machine and change listings at once', async () => {
    const title = 'Thai Massage Therapist Statemachine';
    const { employer, jobId } = await employerWithJob(t, admin, { title });
    const act = (a: string) => post(`/employer/jobs/${jobId}/${a}`, employer.headers);
    expect((await listed(title)).total).toBe(1);
    const open = await openCount();

    expect((await act('resume')).statusCode).toBe(409);
    expect((await act('pause')).statusCode).toBe(200);
    expect(await listed(title)).toEqual({ ids: [], total: 0 });
    expect(await openCount()).toBe(open - 1);
    expect((await get(`/spajobs/${jobId}`)).json().status).toBe('closed');
    expect((await act('pause')).statusCode).toBe(409);
    const c = await registerCandidate(t.app);
    expect((await apply(c.headers, jobId)).statusCode).toBe(404);

    expect((await act('resume')).statusCode).toBe(200);
    expect((await listed(title)).total).toBe(1);
    expect((await act('close')).statusCode).toBe(200);
    expect((await listed(title)).total).toBe(0);
    const closedPage = await get(`/spajobs/${jobId}`);
    expect(closedPage.statusCode).toBe(200);
    expect(closedPage.json()).toMatchObject({ _id: jobId, title, status: 'closed' });
    for (const a of ['close', 'resume', 'renew', 'pause']) {
      const r = await act(a);
      expect(r.statusCode, a).toBe(409);
      expect(r.json().message).toBe(m.jobStateConflict);
    }
    const edit = await put(`/employer/jobs/${jobId}`, employer.headers, jobBody());
    expect(edit.statusCode).toBe(409);
  });

  it('an expired job leaves the listings; renewal opens it again for 30 days from now', async () => {
    const title = 'Spa Receptionist Expiring';
    const { employer, jobId } = await employerWithJob(t, admin, { title });
    const id = Number(jobId);
    await t.database.db
      .updateTable('jobs')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', id)
      .execute();
    t.app.ctx.listingsChanged();
    expect((await listed(title)).total).toBe(0);
    expect((await get(`/spajobs/${jobId}`)).json().status).toBe('closed');
    const listing = (await get('/employer/jobs', employer.headers)).json().data[0];
    expect(listing).toMatchObject({ _id: jobId, status: 'active', open: false });

    const before = Date.now();
    expect((await post(`/employer/jobs/${jobId}/renew`, employer.headers)).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('jobs')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at)).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(Number(row.expires_at)).toBeLessThan(before + 30 * DAY + 60_000);
    expect((await listed(title)).total).toBe(1);

    // Renewing an open job adds 30 days to its expiry.
    const soon = Date.now() + 5 * DAY;
    await t.database.db.updateTable('jobs').set({ expires_at: soon }).where('id', '=', id).execute();
    expect((await post(`/employer/jobs/${jobId}/renew`, employer.headers)).statusCode).toBe(200);
    const again = await t.database.db
      .selectFrom('jobs')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(again.expires_at)).toBe(soon + 30 * DAY);
  });

  it('a job that reaches its expiry leaves cached listings without anyone acting', async () => {
    const title = 'Beautician Expires Soon';
    const { employer, jobId } = await employerWithJob(t, admin, { title });
    const other = await employerWithJob(t, admin, { title: 'Another Posting For Freshness' });
    await t.database.db
      .updateTable('jobs')
      .set({ expires_at: Date.now() + 1500 })
      .where('id', '=', Number(jobId))
      .execute();
    // Any change re-reads the next expiry; then the listing is cached with the job in it.
    expect((await post(`/employer/jobs/${other.jobId}/pause`, other.employer.headers)).statusCode).toBe(200);
    expect((await listed(title)).total).toBe(1);
    expect((await listed(title)).total).toBe(1);
    expect((await get(`/spajobs?title=${encodeURIComponent(title)}`)).headers['x-cache']).toBe('hit');
    await vi.waitFor(async () => expect((await listed(title)).total).toBe(0), {
      timeout: 15_000,
      interval: 250,
    });
    expect(employer.id).toBeGreaterThan(0);
  }, 30_000);

  it('a listed spa can be claimed once; the claim waits for an admin', async () => {
    const listedSpa = await t.database.db
      .selectFrom('spas')
      .select('id')
      .where('verification', '=', 'listed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const a = await registerEmployer(t.app);
    const b = await registerEmployer(t.app);
    expect((await post(`/employer/spas/${listedSpa.id}/claim`, a.headers)).statusCode).toBe(200);
    const claimed = (await get('/employer/spas', a.headers)).json().data;
    expect(claimed).toEqual([
      expect.objectContaining({ _id: String(listedSpa.id), verification: 'pending' }),
    ]);
    const second = await post(`/employer/spas/${listedSpa.id}/claim`, b.headers);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(m.spaAlreadyClaimed);
    expect((await post('/employer/spas/99999999/claim', b.headers)).statusCode).toBe(404);
  });

  it('the owner adds another employer; a member cannot add people', async () => {
    const { employer: owner, spaId } = await employerWithJob(t, admin);
    const colleague = await registerEmployer(t.app);
    const third = await registerEmployer(t.app);
    const add = await post(`/employer/spas/${spaId}/members`, owner.headers, {
      login: colleague.payload.email,
    });
    expect(add.statusCode).toBe(200);
    expect(
      (await post(`/employer/spas/${spaId}/members`, owner.headers, { login: colleague.payload.phone }))
        .statusCode,
    ).toBe(409);
    const theirs = (await get('/employer/spas', colleague.headers)).json().data;
    expect(theirs).toEqual([expect.objectContaining({ _id: spaId, memberRole: 'member' })]);
    expect((await get(`/employer/jobs?spaId=${spaId}`, colleague.headers)).json().data).toHaveLength(1);
    const byMember = await post(`/employer/spas/${spaId}/members`, colleague.headers, {
      login: third.payload.email,
    });
    expect(byMember.statusCode).toBe(403);
    const c = await registerCandidate(t.app);
    const notEmployer = await post(`/employer/spas/${spaId}/members`, owner.headers, {
      login: c.payload.email,
    });
    expect(notEmployer.statusCode).toBe(400);
    expect(notEmployer.json().message).toBe(m.memberNotFound);
  });
});

describe("an employer never reaches another spa's records", () => {
  it('answers 404 for every endpoint about spa A to the employer of spa B', async () => {
    const a = await employerWithJob(t, admin, { title: 'Spa A Only Job' });
    const b = await employerWithJob(t, admin, { title: 'Spa B Only Job' });
    const c = await registerCandidate(t.app);
    const applied = await apply(c.headers, a.jobId);
    expect(applied.statusCode).toBe(201);
    const appId = applied.json().applicationId as string;
    const B = b.employer.headers;

    const checks: [string, Promise<{ statusCode: number }>][] = [
      ['edit spa', put(`/employer/spas/${a.spaId}`, B, spaBody())],
      ['add member', post(`/employer/spas/${a.spaId}/members`, B, { login: b.employer.payload.email })],
      ['jobs of spa', get(`/employer/jobs?spaId=${a.spaId}`, B)],
      ['post job', post('/employer/jobs', B, { ...jobBody(), spaId: a.spaId })],
      ['edit job', put(`/employer/jobs/${a.jobId}`, B, jobBody({ title: 'Hijacked' }))],
      ['pause job', post(`/employer/jobs/${a.jobId}/pause`, B)],
      ['close job', post(`/employer/jobs/${a.jobId}/close`, B)],
      ['renew job', post(`/employer/jobs/${a.jobId}/renew`, B)],
      ['applicants of spa', get(`/employer/applications?spaId=${a.spaId}`, B)],
      ['resume', get(`/employer/applications/${appId}/resume`, B)],
      ['status', post(`/employer/applications/${appId}/status`, B, { status: 'shortlisted' })],
      ['bulk', post('/employer/applications/bulk-status', B, { ids: [appId], status: 'rejected' })],
    ];
    for (const [what, res] of checks) expect((await res).statusCode, what).toBe(404);

    // Unfiltered lists hold only B's own records.
    const jobs = (await get('/employer/jobs', B)).json().data as { _id: string }[];
    expect(jobs.map((j) => j._id)).toEqual([b.jobId]);
    const applicants = (await get(`/employer/applications?jobId=${a.jobId}`, B)).json();
    expect(applicants.total).toBe(0);
    // Nothing of A changed.
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', Number(a.jobId))
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ title: 'Spa A Only Job', status: 'active', is_active: 1 });
    const application = await t.database.db
      .selectFrom('applications')
      .select('status')
      .where('id', '=', Number(appId))
      .executeTakeFirstOrThrow();
    expect(application.status).toBe('applied');
  });
});

describe('applicants and the pipeline', () => {
  it('moves an applicant through shortlist and interview to hired, telling the candidate each time', async () => {
    const { employer, jobId, spaId } = await employerWithJob(t, admin, { title: 'Pipeline Therapist' });
    const c = await registerCandidate(t.app, { firstname: 'Priya' });
    const appId = (await apply(c.headers, jobId)).json().applicationId as string;

    const list = (await get(`/employer/applications?jobId=${jobId}`, employer.headers)).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      _id: appId,
      name: `Priya ${c.payload.lastname}`,
      email: c.payload.email,
      phone: c.payload.phone,
      guest: false,
      status: 'applied',
      job: { _id: jobId, title: 'Pipeline Therapist' },
      spa: { _id: spaId },
    });

    const move = (payload: object) =>
      post(`/employer/applications/${appId}/status`, employer.headers, payload);
    expect((await move({ status: 'hired' })).statusCode).toBe(409);
    expect((await move({ status: 'shortlisted' })).statusCode).toBe(200);
    const noDate = await move({ status: 'interview' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().fields).toEqual({
      interviewAt: m.interviewDateRequired,
      interviewPlace: m.interviewPlaceRequired,
    });
    await t.app.ctx.mailer.flush();
    const sent = outbox(t).length;
    const interview = await move({
      status: 'interview',
      interviewAt: '2026-12-01T11:00:00+05:30',
      interviewPlace: 'Front desk, MG Road',
    });
    expect(interview.statusCode).toBe(200);
    await t.app.ctx.mailer.flush();
    const mail = outbox(t)
      .slice(sent)
      .find((x) => x.to === c.payload.email);
    expect(mail?.subject).toContain('Interview');
    expect(mail?.text).toContain('Front desk, MG Road');
    expect(mail?.text).toContain('Pipeline Therapist');

    const mine = (await get('/application/user/applications', c.headers)).json().data[0];
    expect(mine).toMatchObject({ _id: appId, status: 'interview', interviewPlace: 'Front desk, MG Road' });
    expect(mine.history.map((h: { status: string }) => h.status)).toEqual([
      'applied',
      'shortlisted',
      'interview',
    ]);
    const events = await t.database.db
      .selectFrom('application_events')
      .selectAll()
      .where('application_id', '=', Number(appId))
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.changed_by)).toEqual([c.id, employer.id, employer.id]);

    expect((await move({ status: 'hired' })).statusCode).toBe(200);
    const late = await move({ status: 'rejected' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(m.applicationStateConflict);
    expect((await post(`/application/${appId}/withdraw`, c.headers)).statusCode).toBe(409);
    expect(
      (await get(`/employer/applications?jobId=${jobId}&status=hired`, employer.headers)).json().total,
    ).toBe(1);
    expect(
      (await get(`/employer/applications?jobId=${jobId}&status=applied`, employer.headers)).json().total,
    ).toBe(0);
    const funnel = (await get(`/employer/jobs?spaId=${spaId}`, employer.headers)).json().data[0];
    expect(funnel).toMatchObject({ applications: 1, funnel: { hired: 1 } });
  });

  it('the candidate withdraws an open application; then the spa cannot move it', async () => {
    const { employer, jobId } = await employerWithJob(t, admin);
    const c = await registerCandidate(t.app);
    const other = await registerCandidate(t.app);
    const appId = (await apply(c.headers, jobId)).json().applicationId as string;
    expect((await post(`/application/${appId}/withdraw`, other.headers)).statusCode).toBe(404);
    expect((await post(`/application/${appId}/withdraw`, c.headers)).statusCode).toBe(200);
    expect(
      (await post(`/employer/applications/${appId}/status`, employer.headers, { status: 'shortlisted' }))
        .statusCode,
    ).toBe(409);
  });

  it('only the candidate who applied may withdraw; employers and strangers are refused', async () => {
    const { employer, jobId } = await employerWithJob(t, admin);
    const c = await registerCandidate(t.app);
    const appId = (await apply(c.headers, jobId)).json().applicationId as string;
    expect((await post(`/application/${appId}/withdraw`, {})).statusCode).toBe(401);
    expect((await post(`/application/${appId}/withdraw`, employer.headers)).statusCode).toBe(403);
    expect((await post('/application/abc/withdraw', c.headers)).statusCode).toBe(404);
    const status = await t.database.db
      .selectFrom('applications')
      .select('status')
      .where('id', '=', Number(appId))
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('applied');
    expect(
      (await post(`/spajobs/${jobId}/report`, { authorization: 'Bearer not-a-token' }, { reason: 'fake' }))
        .statusCode,
    ).toBe(401);
  });

  it('shortlists several at once, all or none', async () => {
    const { employer, jobId } = await employerWithJob(t, admin);
    const foreign = await employerWithJob(t, admin);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await registerCandidate(t.app);
      ids.push((await apply(c.headers, jobId)).json().applicationId);
    }
    const c = await registerCandidate(t.app);
    const foreignApp = (await apply(c.headers, foreign.jobId)).json().applicationId as string;
    const mixed = await post('/employer/applications/bulk-status', employer.headers, {
      ids: [ids[0], foreignApp],
      status: 'shortlisted',
    });
    expect(mixed.statusCode).toBe(404);
    const first = await t.database.db
      .selectFrom('applications')
      .select('status')
      .where('id', '=', Number(ids[0]))
      .executeTakeFirstOrThrow();
    expect(first.status).toBe('applied');

    const res = await post('/employer/applications/bulk-status', employer.headers, {
      ids: ids.slice(0, 2),
      status: 'shortlisted',
    });
    expect(res.json()).toMatchObject({ success: true, changed: 2 });
    expect(
      (await get(`/employer/applications?jobId=${jobId}&status=shortlisted`, employer.headers)).json().total,
    ).toBe(2);
    const rejectAll = await post('/employer/applications/bulk-status', employer.headers, {
      ids,
      status: 'rejected',
    });
    expect(rejectAll.json().changed).toBe(3);
    expect(
      (await post('/employer/applications/bulk-status', employer.headers, { ids, status: 'shortlisted' }))
        .statusCode,
    ).toBe(409);
  });

  it("downloads a guest's resume as an attachment, only for the spa's employers and admins", async () => {
    const { employer, jobId } = await employerWithJob(t, admin);
    const other = await employerWithJob(t, admin);
    const pdf = files.pdf('Resume of Kavya, spa therapist');
    const res = await fetch(`${base}/api/v1/application/apply/guest`, {
      method: 'POST',
      body: form(
        {
          job: jobId,
          'guestInfo[name]': 'Kavya Rao',
          'guestInfo[email]': 'kavya@example.in',
          'guestInfo[phone]': '98450 12345',
        },
        { field: 'resume', data: pdf, name: 'kavya.pdf', type: 'application/pdf' },
      ),
    });
    expect(res.status).toBe(201);
    const appId = ((await res.json()) as { applicationId: string }).applicationId;

    const dl = await get(`/employer/applications/${appId}/resume`, employer.headers);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="resume-\d+\.pdf"$/);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(dl.rawPayload, pdf)).toBe(0);
    expect((await get(`/employer/applications/${appId}/resume`, admin.headers)).statusCode).toBe(200);
    expect((await get(`/employer/applications/${appId}/resume`, other.employer.headers)).statusCode).toBe(
      404,
    );
    const c = await registerCandidate(t.app);
    expect((await get(`/employer/applications/${appId}/resume`, c.headers)).statusCode).toBe(403);

    const guest = (await get(`/employer/applications?jobId=${jobId}`, employer.headers)).json().data[0];
    expect(guest).toMatchObject({
      name: 'Kavya Rao',
      email: 'kavya@example.in',
      guest: true,
      hasResume: true,
    });
  });

  it("e-mails the spa's employers at once for a new application, then at most one digest an hour", async () => {
    const { employer, jobId, spaId } = await employerWithJob(t, admin, { title: 'Digest Therapist' });
    const toEmployer = () => outbox(t).filter((x) => x.to === employer.payload.email);
    const c1 = await registerCandidate(t.app, { firstname: 'Anjali' });
    await apply(c1.headers, jobId);
    await t.app.ctx.mailer.flush();
    expect(toEmployer()).toHaveLength(1);
    expect(toEmployer()[0]!.subject).toBe('1 new application at Lotus Wellness Spa');
    expect(toEmployer()[0]!.text).toContain('Anjali');

    const c2 = await registerCandidate(t.app, { firstname: 'Bhavna' });
    const c3 = await registerCandidate(t.app, { firstname: 'Chitra' });
    await apply(c2.headers, jobId);
    await apply(c3.headers, jobId);
    expect(await t.app.ctx.digests.sweep()).toBe(0);
    await t.app.ctx.mailer.flush();
    expect(toEmployer()).toHaveLength(1);

    // An hour later the sweep sends the two that waited, in one message, once.
    await t.database.db
      .updateTable('spas')
      .set({ digest_sent_at: Date.now() - 3_600_001 })
      .where('id', '=', Number(spaId))
      .execute();
    expect(await t.app.ctx.digests.sweep()).toBe(1);
    expect(await t.app.ctx.digests.sweep()).toBe(0);
    await t.app.ctx.mailer.flush();
    const mails = toEmployer();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('2 new applications at Lotus Wellness Spa');
    expect(mails[1]!.text).toContain('Bhavna');
    expect(mails[1]!.text).toContain('Chitra');
  });
});

describe('accounts made by hand', () => {
  it('a token of another user id does not reach the employer area', async () => {
    const { signSessionToken } = await import('../../lib/tokens.ts');
    const token = await signSessionToken({ id: 99_999_999, role: 'employer' }, t.config.jwtSecret, 3600);
    expect((await get('/employer/spas', bearer(token))).statusCode).toBe(401);
  });
});
