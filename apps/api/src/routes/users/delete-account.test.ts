import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { insertJob, insertSpa } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  bearer,
  form,
  listen,
  PASSWORD,
  registerCandidate,
  storedFiles,
} from '../../../test/fixtures/accounts.ts';
import * as files from '../../../test/fixtures/files.ts';

let t: TestApp;
let base: string;
let jobId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off' } });
  base = await listen(t.app);
  jobId = await insertJob(t.database, await insertSpa(t.database));
});
afterAll(() => t.close());

type Candidate = Awaited<ReturnType<typeof registerCandidate>>;

const upload = (c: Candidate, field: string, data: Buffer, name: string, type: string) =>
  fetch(`${base}/api/v1/users/upload`, {
    method: 'POST',
    headers: c.headers,
    body: form({}, { field, data, name, type }),
  });
const deleteAccount = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/v1/users/profile', headers, payload: payload as object });

describe('DELETE /users/profile', () => {
  it('removes the account, its files, applications and the guest data sent with its e-mail or phone', async () => {
    const c = await registerCandidate(t.app);
    const other = await registerCandidate(t.app);
    expect((await upload(c, 'profileimage', await files.png(), 'me.png', 'image/png')).status).toBe(200);
    expect((await upload(c, 'resume', files.pdf(), 'cv.pdf', 'application/pdf')).status).toBe(200);
    const apply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/application/apply/user',
      headers: c.headers,
      payload: { jobId: String(jobId) },
    });
    expect(apply.statusCode).toBe(201);
    // Earlier, as a guest: once with the e-mail and a resume, once with the phone written another way.
    const asGuest = (fields: Record<string, string>, withResume: boolean) =>
      fetch(`${base}/api/v1/application/apply/guest`, {
        method: 'POST',
        body: form(
          { job: String(jobId), 'guestInfo[name]': 'Asha Nair', ...fields },
          withResume
            ? { field: 'resume', data: files.pdf(), name: 'cv.pdf', type: 'application/pdf' }
            : undefined,
        ),
      });
    expect((await asGuest({ 'guestInfo[email]': c.payload.email }, true)).status).toBe(201);
    const otherJob = await insertJob(t.database, await insertSpa(t.database));
    const byPhone = await fetch(`${base}/api/v1/application/apply/guest`, {
      method: 'POST',
      body: form({
        job: String(otherJob),
        'guestInfo[name]': 'Asha',
        'guestInfo[phone]': `+91 ${c.payload.phone}`,
      }),
    });
    expect(byPhone.status).toBe(201);
    const message = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages/',
      payload: {
        name: 'Asha',
        email: c.payload.email,
        subject: 'jobs',
        message: 'Any therapist jobs near me?',
      },
    });
    expect(message.statusCode).toBe(201);
    // Someone else's data stays.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/application/apply/user',
          headers: other.headers,
          payload: { jobId: String(jobId) },
        })
      ).statusCode,
    ).toBe(201);
    expect(storedFiles(t)).toHaveLength(3);

    const res = await deleteAccount(c.headers, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: m.accountDeleted });

    const db = t.database.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', c.id).execute()).toEqual([]);
    const left = await db.selectFrom('applications').selectAll().execute();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ user_id: other.id });
    expect(
      await db.selectFrom('contact_messages').select('id').where('email', '=', c.payload.email).execute(),
    ).toEqual([]);
    expect(storedFiles(t)).toEqual([]);

    // The old token is worth nothing, and the e-mail and phone may register again.
    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: c.headers });
    expect(profile.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { login: c.payload.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    await registerCandidate(t.app, { email: c.payload.email, phone: c.payload.phone });
  });

  it('asks for the password of an account that has one, and deletes nothing without it', async () => {
    const c = await registerCandidate(t.app);
    for (const payload of [{}, { password: 'not-the-password' }]) {
      const res = await deleteAccount(c.headers, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        message: m.deletePasswordWrong,
        fields: { password: m.deletePasswordWrong },
      });
    }
    expect(
      await t.database.db.selectFrom('users').select('id').where('id', '=', c.id).execute(),
    ).toHaveLength(1);
  });

  it('deletes an account made through an external sign-in, which has no password', async () => {
    const c = await registerCandidate(t.app);
    await t.database.db.updateTable('users').set({ password_hash: null }).where('id', '=', c.id).execute();
    const res = await deleteAccount(c.headers, {});
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await deleteAccount(bearer('nonsense'), { password: PASSWORD });
    expect(res.statusCode).toBe(401);
  });
});
