import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@spajobs/contract/common';
import { messages as m } from '@spajobs/contract/messages';
import { signSessionToken } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  bearer,
  form,
  insertAccount,
  listen,
  registerCandidate,
  storedFiles,
} from '../../../test/fixtures/accounts.ts';
import * as files from '../../../test/fixtures/files.ts';

const DAY = 86_400_000;
let t: TestApp;
let base: string;
let jobIds: number[];
beforeAll(async () => {
  t = await createTestApp({ seed: { spas: 3, jobs: 12 }, env: { RATE_LIMITS: 'off' } });
  base = await listen(t.app);
  const rows = await t.database.db
    .selectFrom('jobs')
    .select('id')
    .where('is_active', '=', 1)
    .where('expires_at', 'is', null)
    .orderBy('id')
    .execute();
  jobIds = rows.map((r) => Number(r.id));
  expect(jobIds.length).toBeGreaterThanOrEqual(6);
});
afterAll(() => t.close());

const applyAsUser = (headers: Record<string, string>, jobId: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/application/apply/user', headers, payload: { jobId } });

const applications = (headers: Record<string, string>, query = '') =>
  t.app.inject({ url: `/api/v1/application/user/applications${query}`, headers });
const count = async (headers: Record<string, string>) =>
  (await t.app.inject({ url: '/api/v1/application/user/applications/count', headers })).json().count;

describe('POST /application/apply/user', () => {
  it('records the application (201) and then refuses the same job for 15 days (409)', async () => {
    const c = await registerCandidate(t.app);
    const res = await applyAsUser(c.headers, String(jobIds[0]));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: m.applySuccess });
    const row = await t.database.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', Number(res.json().applicationId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ job_id: jobIds[0], user_id: c.id, status: 'applied', guest_email: null });

    const again = await applyAsUser(c.headers, String(jobIds[0]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyApplied);
    const other = await applyAsUser(c.headers, String(jobIds[1]));
    expect(other.statusCode).toBe(201);
  });

  it('allows applying again once 15 days have passed, not before', async () => {
    const c = await registerCandidate(t.app);
    const jobId = jobIds[2]!;
    const first = await applyAsUser(c.headers, String(jobId));
    const id = Number(first.json().applicationId);
    const backdate = (days: number) =>
      t.database.db
        .updateTable('applications')
        .set({ applied_at: Date.now() - days * DAY })
        .where('id', '=', id)
        .execute();
    await backdate(14);
    expect((await applyAsUser(c.headers, String(jobId))).statusCode).toBe(409);
    await backdate(15.01);
    expect((await applyAsUser(c.headers, String(jobId))).statusCode).toBe(201);
    expect((await applyAsUser(c.headers, String(jobId))).statusCode).toBe(409);
  });

  it('answers 401 without a valid token, 403 for another role, 404 for an unknown or closed job, 400 without a job id', async () => {
    const noToken = await applyAsUser({}, String(jobIds[0]));
    expect(noToken.statusCode).toBe(401);
    const bad = await applyAsUser(bearer('x.y.z'), String(jobIds[0]));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(m.sessionExpired);

    const employerId = await insertAccount(t, 'employer', 'hr@spa.example', '9444444444');
    const employer = bearer(
      await signSessionToken({ id: employerId, role: 'employer' }, t.config.jwtSecret, 600),
    );
    expect((await applyAsUser(employer, String(jobIds[0]))).statusCode).toBe(403);

    const c = await registerCandidate(t.app);
    for (const jobId of ['999999', 'abc', '0', '-1']) {
      const res = await applyAsUser(c.headers, jobId);
      expect(res.statusCode, jobId).toBe(404);
      expect(res.json().message).toBe(m.jobNotFound);
    }
    await t.database.db.updateTable('jobs').set({ is_active: 0 }).where('id', '=', jobIds[5]!).execute();
    expect((await applyAsUser(c.headers, String(jobIds[5]))).statusCode).toBe(404);
    await t.database.db.updateTable('jobs').set({ is_active: 1 }).where('id', '=', jobIds[5]!).execute();

    const missing = await applyAsUser(c.headers, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(m.guestJobIdMissing);
    const total = await t.database.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', 'in', [c.id, employerId])
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(0);
  });
});

describe('GET /application/user/applications and /count', () => {
  it("lists only the candidate's own applications, newest first, paged, and counts them", async () => {
    const a = await registerCandidate(t.app);
    const b = await registerCandidate(t.app);
    for (const jobId of jobIds.slice(0, 3))
      expect((await applyAsUser(a.headers, String(jobId))).statusCode).toBe(201);
    expect((await applyAsUser(b.headers, String(jobIds[4]))).statusCode).toBe(201);
    // Spread the times so that "newest first" is visible.
    const rows = await t.database.db
      .selectFrom('applications')
      .select(['id', 'job_id'])
      .where('user_id', '=', a.id)
      .execute();
    for (const r of rows) {
      await t.database.db
        .updateTable('applications')
        .set({ applied_at: Date.now() - jobIds.indexOf(Number(r.job_id)) * 3_600_000 })
        .where('id', '=', r.id)
        .execute();
    }

    const res = await applications(a.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, total: 3, page: 1, pages: 1 });
    expect(body.data.map((x: { job: { _id: string } }) => x.job._id)).toEqual(jobIds.slice(0, 3).map(String));
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', jobIds[0]!)
      .executeTakeFirstOrThrow();
    expect(body.data[0]).toMatchObject({
      status: 'applied',
      job: { title: job.title, location: job.location, city: job.city, salary: job.salary },
    });
    expect(Date.parse(body.data[0].appliedAt)).toBeGreaterThan(Date.parse(body.data[1].appliedAt));
    expect(await count(a.headers)).toBe(3);
    expect(await count(b.headers)).toBe(1);

    const page2 = (await applications(a.headers, '?page=2&limit=2')).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(page2.data.map((x: { job: { _id: string } }) => x.job._id)).toEqual([String(jobIds[2])]);

    // Naming A's id gets B nothing of A's, and cannot apply in A's name.
    const inAsName = await t.app.inject({
      method: 'POST',
      url: '/api/v1/application/apply/user',
      headers: b.headers,
      payload: { jobId: String(jobIds[5]), userId: a.id, user_id: a.id },
    });
    expect(inAsName.statusCode).toBe(201);
    const made = await t.database.db
      .selectFrom('applications')
      .select('user_id')
      .where('id', '=', Number(inAsName.json().applicationId))
      .executeTakeFirstOrThrow();
    expect(made.user_id).toBe(b.id);
    expect(await count(a.headers)).toBe(3);
    const bList = (await applications(b.headers, `?userId=${a.id}&user=${a.id}`)).json();
    expect(bList.data.map((x: { job: { _id: string } }) => x.job._id)).toEqual([
      String(jobIds[5]),
      String(jobIds[4]),
    ]);

    expect((await applications(a.headers, '?limit=0')).statusCode).toBe(400);
  });

  it('drops applications whose job was deleted', async () => {
    const c = await registerCandidate(t.app);
    const spa = await t.database.db.selectFrom('spas').select('id').executeTakeFirstOrThrow();
    const now = Date.now();
    const extra = await t.database.db
      .insertInto('jobs')
      .values({
        spa_id: spa.id,
        title: 'Temporary Therapist',
        salary: '₹20,000',
        experience: '1 year',
        category: 'Spa & Massage',
        city: 'Pune',
        state: 'Maharashtra',
        location: 'Koregaon Park',
        description: 'x',
        requirements: 'y',
        posted_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await applyAsUser(c.headers, String(extra.id))).statusCode).toBe(201);
    expect((await applyAsUser(c.headers, String(jobIds[3]))).statusCode).toBe(201);
    expect(await count(c.headers)).toBe(2);
    await t.database.db.deleteFrom('jobs').where('id', '=', Number(extra.id)).execute();
    const list = (await applications(c.headers)).json();
    expect(list.total).toBe(1);
    expect(list.data.map((x: { job: { _id: string } }) => x.job._id)).toEqual([String(jobIds[3])]);
    expect(await count(c.headers)).toBe(1);
  });

  it('answers the ids of the jobs the candidate applied to, and only theirs', async () => {
    const c = await registerCandidate(t.app);
    const other = await registerCandidate(t.app);
    const ids = (h: Record<string, string>) =>
      t.app.inject({ url: '/api/v1/application/user/applied-job-ids', headers: h });
    expect((await ids(c.headers)).json()).toEqual({ success: true, data: [] });
    expect((await applyAsUser(c.headers, String(jobIds[3]))).statusCode).toBe(201);
    expect((await applyAsUser(c.headers, String(jobIds[4]))).statusCode).toBe(201);
    expect((await applyAsUser(other.headers, String(jobIds[5]))).statusCode).toBe(201);
    expect(new Set((await ids(c.headers)).json().data)).toEqual(
      new Set([String(jobIds[3]), String(jobIds[4])]),
    );
    expect((await ids({})).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    expect((await applications({})).statusCode).toBe(401);
    expect((await t.app.inject('/api/v1/application/user/applications/count')).statusCode).toBe(401);
  });
});

describe('POST /application/apply/guest', () => {
  const guestRows = (email: string) =>
    t.database.db.selectFrom('applications').selectAll().where('guest_email', '=', email).execute();

  const apply = async (
    fields: Record<string, string>,
    file?: { data: Buffer; name: string; type: string },
  ): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${base}/api/v1/application/apply/guest`, {
      method: 'POST',
      body: form(fields, file && { field: 'resume', ...file }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const guest = (email: string, extra: Record<string, string> = {}) => ({
    job: String(jobIds[0]),
    'guestInfo[name]': '  Kavya Reddy ',
    'guestInfo[email]': email,
    ...extra,
  });

  it('records an application with a resume (201) and refuses the same e-mail for that job for 15 days (409)', async () => {
    const res = await apply(guest('Kavya@Example.in', { 'guestInfo[phone]': '+91 98480-22338' }), {
      data: files.pdf(),
      name: 'Kavya CV.pdf',
      type: 'application/pdf',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: m.guestApplySuccess });
    const [row] = await guestRows('kavya@example.in');
    expect(row).toMatchObject({
      job_id: jobIds[0],
      user_id: null,
      guest_name: 'Kavya Reddy',
      guest_phone: '9848022338',
      status: 'applied',
    });
    expect(row!.resume).toMatch(/^\/uploads\/resumes\/[a-f0-9]{32}\.pdf$/);
    expect(fs.existsSync(path.join(t.config.uploadsDir, row!.resume!.replace('/uploads/', '')))).toBe(true);
    const served = await fetch(`${base}${row!.resume}`);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);

    const before = storedFiles(t);
    const again = await apply(guest('kavya@example.in'), {
      data: files.docx(),
      name: 'cv.docx',
      type: 'application/msword',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(m.alreadyApplied);
    expect(storedFiles(t)).toEqual(before);
    expect(await guestRows('kavya@example.in')).toHaveLength(1);

    const otherJob = await apply({ ...guest('kavya@example.in'), job: String(jobIds[1]) });
    expect(otherJob.status).toBe(201);
  });

  it('accepts an application without a resume or phone, including an empty file input', async () => {
    const res = await apply(guest('nophone@example.in'));
    expect(res.status).toBe(201);
    const emptyInput = await apply(guest('emptyinput@example.in'), {
      data: Buffer.alloc(0),
      name: '',
      type: 'application/octet-stream',
    });
    expect(emptyInput.status).toBe(201);
    const [row] = await guestRows('emptyinput@example.in');
    expect(row).toMatchObject({ resume: null, guest_phone: null });
  });

  it('checks the guest fields with the spec messages', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ job: '' }, 'job', m.guestJobIdMissing],
      [{ 'guestInfo[name]': '   ' }, 'guestInfo[name]', m.guestNameRequired],
      [{ 'guestInfo[email]': '' }, 'guestInfo[email]', m.guestContactRequired],
      [{ 'guestInfo[email]': 'kavya@example' }, 'guestInfo[email]', m.emailInvalid],
      [{ 'guestInfo[phone]': '12345' }, 'guestInfo[phone]', m.guestPhoneInvalid],
      [{ 'guestInfo[phone]': '1234567890123456' }, 'guestInfo[phone]', m.guestPhoneInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await apply({ ...guest('fields@example.in'), ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(message);
      expect((res.body.fields as Record<string, string>)[field]).toBe(message);
    }
    const { job: _job, ...noJob } = guest('fields@example.in');
    const missing = await apply(noJob);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(m.guestJobIdMissing);
    expect(await guestRows('fields@example.in')).toEqual([]);
  });

  it('accepts a phone number instead of an e-mail, normalized, and applies the 15-day rule to it', async () => {
    const { 'guestInfo[email]': _email, ...noEmail } = guest('unused@example.in');
    const res = await apply({ ...noEmail, 'guestInfo[phone]': '+91 (98200) 55-444' });
    expect(res.status).toBe(201);
    const rows = await t.database.db
      .selectFrom('applications')
      .selectAll()
      .where('guest_phone', '=', '9820055444')
      .execute();
    expect(rows).toMatchObject([{ job_id: jobIds[0], guest_email: null, guest_name: 'Kavya Reddy' }]);

    // The same number written another way, with or without an e-mail, is the same guest.
    for (const written of ['098200 55444', '9820055444']) {
      const again = await apply({ ...noEmail, 'guestInfo[phone]': written });
      expect(again.status, written).toBe(409);
      expect(again.body.message).toBe(m.alreadyApplied);
    }
    const withEmail = await apply(
      guest('phone.later@example.in', { 'guestInfo[phone]': '0091 98200 55444' }),
    );
    expect(withEmail.status).toBe(409);
    const otherJob = await apply({ ...noEmail, job: String(jobIds[2]), 'guestInfo[phone]': '9820055444' });
    expect(otherJob.status).toBe(201);
  });

  it('refuses an application with neither an e-mail nor a phone', async () => {
    const { 'guestInfo[email]': _email, ...noEmail } = guest('unused@example.in');
    const res = await apply({ ...noEmail, 'guestInfo[phone]': '  ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.guestContactRequired);
    expect((res.body.fields as Record<string, string>)['guestInfo[email]']).toBe(m.guestContactRequired);
  });

  it('answers 404 with the spec message for an unknown job, storing nothing', async () => {
    const before = storedFiles(t);
    for (const job of ['987654', 'not-an-id']) {
      const res = await apply(
        { ...guest('lost@example.in'), job },
        { data: files.pdf(), name: 'cv.pdf', type: 'application/pdf' },
      );
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.guestJobNotFound);
    }
    expect(storedFiles(t)).toEqual(before);
    expect(await guestRows('lost@example.in')).toEqual([]);
  });

  describe('refused resumes leave no file and no row', () => {
    const cases: [string, () => Promise<Buffer> | Buffer, string, string, number, string][] = [
      ['an executable renamed .pdf', files.exe, 'cv.pdf', 'application/pdf', 400, m.guestResumeType],
      ['an HTML page renamed .pdf', files.html, 'cv.pdf', 'application/pdf', 400, m.guestResumeType],
      ['a PNG declared as a PDF', () => files.png(), 'cv.pdf', 'application/pdf', 400, m.guestResumeType],
      [
        'a file of 5 MB + 1 byte',
        () => Buffer.concat([files.pdf(), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - files.pdf().length, 0x20)]),
        'cv.pdf',
        'application/pdf',
        413,
        m.uploadTooLarge,
      ],
      ['an empty file', () => Buffer.alloc(0), 'cv.pdf', 'application/pdf', 400, m.fileEmpty],
      ['a file name containing ../', files.pdf, '../../cv.pdf', 'application/pdf', 400, m.fileNameInvalid],
    ];
    it.each(cases)('%s', async (label, make, name, type, status, message) => {
      const email = `refused.${label.replace(/\W+/g, '-')}@example.in`;
      const before = storedFiles(t);
      const data = await make();
      if (status === 413) expect(data.length).toBe(MAX_UPLOAD_BYTES + 1);
      const res = await apply(guest(email), { data, name, type });
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(storedFiles(t)).toEqual(before);
      expect(await guestRows(email)).toEqual([]);
    });

    it('a database failure after the file was written', async () => {
      const repo = t.app.ctx.applications;
      const original = repo.apply.bind(repo);
      repo.apply = async () => {
        throw new Error('database went away');
      };
      const before = storedFiles(t);
      try {
        const res = await apply(guest('dbfail@example.in'), {
          data: files.pdf(),
          name: 'cv.pdf',
          type: 'application/pdf',
        });
        expect(res.status).toBe(500);
      } finally {
        repo.apply = original;
      }
      expect(storedFiles(t)).toEqual(before);
      expect(await guestRows('dbfail@example.in')).toEqual([]);
    });
  });
});
