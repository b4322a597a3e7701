import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessages as lm, messages as m } from '@spajobs/contract/messages';
import { limitMessagesHi as lmHi, messagesHi as hi } from '@spajobs/contract/messages-hi';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  bearer,
  form,
  listen,
  newCandidate,
  PASSWORD,
  registerCandidate,
} from '../../test/fixtures/accounts.ts';
import { employerWithJob, makeAdmin, outbox } from '../../test/fixtures/employers.ts';
import { chosenLanguage, languageOf } from './language.ts';

describe('the language of a request', () => {
  it('is Hindi when Accept-Language prefers Hindi to English, q-values respected', () => {
    for (const header of [
      'hi',
      'hi-IN',
      'HI-in',
      'hi-IN,hi;q=0.9,en;q=0.8',
      'en;q=0.5, hi',
      'fr, hi;q=0.3',
      'hi_IN',
    ]) {
      expect(languageOf(header), header).toBe('hi');
    }
  });

  it('is English for English, for no header, for other languages, a wildcard or garbage', () => {
    for (const header of [
      undefined,
      '',
      'en',
      'en-IN,hi;q=0.9',
      'hi;q=0.4, en-GB;q=0.8',
      'hi;q=0',
      'fr',
      'ta-IN, ml',
      '*',
      ';;;,,,q=',
      'hindi',
      'hi;q=abc, en;q=0.1',
    ]) {
      expect(languageOf(header), String(header)).toBe('en');
    }
  });

  it('is remembered for an account only when the request names Hindi or English', () => {
    expect(chosenLanguage('hi-IN')).toBe('hi');
    expect(chosenLanguage('en-US,en;q=0.9')).toBe('en');
    expect(chosenLanguage(undefined)).toBeNull();
    expect(chosenLanguage('fr')).toBeNull();
    expect(chosenLanguage('*')).toBeNull();
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { spas: 3, jobs: 6 }, env: { RATE_LIMITS: 'off' } });
});
afterAll(() => t.close());

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
const userRow = (id: number) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('answers in the language of Accept-Language', () => {
  it('gives an error in Hindi with the same code as in English, and says it varies by language', async () => {
    const wrong = { login: 'nobody@example.in', password: 'not-the-password' };
    const en = await post('/users/login', wrong);
    const hiRes = await post('/users/login', wrong, HINDI);
    expect(en.statusCode).toBe(401);
    expect(hiRes.statusCode).toBe(401);
    expect(en.json()).toEqual({
      success: false,
      error: m.invalidCredentials,
      message: m.invalidCredentials,
      code: 'invalidCredentials',
    });
    expect(hiRes.json()).toEqual({
      success: false,
      error: hi.invalidCredentials,
      message: hi.invalidCredentials,
      code: 'invalidCredentials',
    });
    for (const res of [en, hiRes]) expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('falls back to English for a language it does not speak, a wildcard or garbage', async () => {
    for (const header of ['fr', '*', 'xx-garbage;;q=', 'hi;q=0']) {
      const res = await t.app.inject({ url: '/api/v1/nope', headers: { 'accept-language': header } });
      expect(res.statusCode, header).toBe(404);
      expect(res.json(), header).toEqual({
        success: false,
        error: m.notFound,
        message: m.notFound,
        code: 'notFound',
      });
    }
    const hiRes = await t.app.inject({ url: '/api/v1/nope', headers: { 'accept-language': 'hi' } });
    expect(hiRes.json()).toMatchObject({ message: hi.notFound, code: 'notFound' });
  });

  it('names the code in the OpenAPI document’s error shape', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const refused = doc.paths['/api/v1/users/login'].post.responses['401'].content['application/json'].schema;
    expect(Object.keys(refused.properties)).toEqual(
      expect.arrayContaining(['success', 'error', 'message', 'code', 'fields']),
    );
  });

  it('answers in Hindi even what Fastify refuses before routing', async () => {
    const res = await t.app.inject({ url: `/api/v1/jobs/${'9'.repeat(300)}`, headers: HINDI });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ message: hi.addressTooLong, code: 'addressTooLong' });
  });

  it('puts the schemas’ own messages, the zod defaults and the limits into Hindi, field by field', async () => {
    const en = await post('/users/register', {});
    const hiRes = await post('/users/register', {}, HINDI);
    expect(hiRes.statusCode).toBe(400);
    expect(hiRes.json()).toMatchObject({
      success: false,
      message: hi.firstNameRequired,
      code: 'firstNameRequired',
    });
    expect(en.json().code).toBe('firstNameRequired');
    expect(hiRes.json().fields).toEqual({
      firstname: hi.firstNameRequired,
      lastname: hi.lastNameRequired,
      email: hi.emailRequired,
      phone: hi.phoneRequired,
      gender: hi.genderRequired,
      password: hi.passwordRequired,
    });

    const badEmail = await post('/users/register', newCandidate({ email: 'asha@' }), HINDI);
    expect(badEmail.json()).toMatchObject({ message: hi.emailInvalid, code: 'emailInvalid' });

    // A query parameter: the template and the limit in Hindi, the code is the check's.
    const page = await t.app.inject({ url: '/api/v1/spajobs?page=0', headers: HINDI });
    expect(page.statusCode).toBe(400);
    expect(page.json()).toMatchObject({
      message: lmHi.invalidParameter('page', lmHi.numberTooSmall(1)),
      code: 'numberTooSmall',
      fields: { page: lmHi.numberTooSmall(1) },
    });
    const pageEn = await t.app.inject('/api/v1/spajobs?page=0');
    expect(pageEn.json()).toMatchObject({
      message: lm.invalidParameter('page', lm.numberTooSmall(1)),
      code: 'numberTooSmall',
    });
    expect(pageEn.json().message).toBe('Invalid page: Must be at least 1');

    // A schema's own message on a query parameter, in Hindi as well.
    const date = await t.app.inject({ url: '/api/v1/spajobs?postedDate=yesterday', headers: HINDI });
    expect(date.statusCode).toBe(400);
    expect(date.json()).toMatchObject({
      message: lmHi.invalidParameter('postedDate', hi.dateInvalid),
      code: 'dateInvalid',
      fields: { postedDate: hi.dateInvalid },
    });
  });

  it('gives success messages of the contract in Hindi', async () => {
    const payload = { name: 'Isha', email: 'isha@example.in', subject: 'jobs', message: 'Therapist jobs?' };
    const en = await post('/messages', payload);
    expect(en.json()).toEqual({ success: true, message: m.contactSent });
    const hiRes = await post('/messages', payload, HINDI);
    expect(hiRes.statusCode).toBe(201);
    expect(hiRes.json()).toEqual({ success: true, message: hi.contactSent });
    expect(hiRes.headers.vary).toMatch(/accept-language/i);
  });

  it('keeps cached public answers per language', async () => {
    const url = '/api/v1/spajobs?title=Therapist&limit=3';
    // An answer is kept from its URL's second asking (response-cache.ts).
    await t.app.inject(url);
    await t.app.inject(url);
    expect((await t.app.inject(url)).headers['x-cache']).toBe('hit');
    const firstHindi = await t.app.inject({ url, headers: HINDI });
    expect(firstHindi.headers['x-cache']).toBeUndefined();
    expect((await t.app.inject({ url, headers: HINDI })).headers['x-cache']).toBeUndefined();
    expect((await t.app.inject({ url, headers: HINDI })).headers['x-cache']).toBe('hit');
    // Unknown languages are English, and share English's entry.
    expect((await t.app.inject({ url, headers: { 'accept-language': 'fr' } })).headers['x-cache']).toBe(
      'hit',
    );
  });
});

describe('the language an account last used', () => {
  it('is kept on registration, sign-in and profile save, and left alone by a request that names none', async () => {
    const c = await registerCandidate(t.app);
    expect((await userRow(c.id)).language).toBeNull();

    const login = (headers: Record<string, string>) =>
      post('/users/login', { login: c.payload.email, password: PASSWORD }, headers);
    expect((await login(HINDI)).statusCode).toBe(200);
    expect((await userRow(c.id)).language).toBe('hi');
    await login({});
    await login({ 'accept-language': 'fr' });
    expect((await userRow(c.id)).language).toBe('hi');

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: { ...c.headers, 'accept-language': 'en-IN' },
      payload: {
        firstname: 'Asha',
        lastname: 'Nair',
        email: c.payload.email,
        phone: c.payload.phone,
        gender: 'Female',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().message).toBe(m.profileUpdated);
    expect((await userRow(c.id)).language).toBe('en');

    const hindiUser = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: newCandidate(),
      headers: HINDI,
    });
    expect((await userRow(Number(hindiUser.json()._id))).language).toBe('hi');
  });
});

describe('e-mails in the language the person last used', () => {
  const resetMailTo = async (email: string) => {
    await t.app.ctx.mailer.flush();
    return outbox(t)
      .filter((x) => x.to === email)
      .at(-1)!;
  };

  it('sends a Hindi user the reset mail in Hindi, whatever language the request is in', async () => {
    const c = await registerCandidate(t.app);
    await post('/users/login', { login: c.payload.email, password: PASSWORD }, HINDI);
    const res = await post('/users/forgot-password', { login: c.payload.phone });
    expect(res.json()).toEqual({ success: true, message: m.resetLinkSent });
    const mail = await resetMailTo(c.payload.email);
    expect(mail.subject).toBe('अपना Spa Jobs पासवर्ड रीसेट करें');
    expect(mail.text).toContain(`नमस्ते ${c.payload.firstname},`);
    expect(mail.text).toContain('नया पासवर्ड चुनने के लिए एक घंटे के अंदर यह लिंक खोलें:');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/hi\/reset-password\?token=[A-Za-z0-9_-]+/);
  });

  it('keeps the English reset mail as it was for an account without a language', async () => {
    const c = await registerCandidate(t.app);
    await post('/users/forgot-password', { login: c.payload.email });
    const mail = await resetMailTo(c.payload.email);
    expect(mail.subject).toBe('Reset your Spa Jobs password');
    expect(mail.text.split('\n')).toEqual([
      `Hello ${c.payload.firstname},`,
      '',
      'Someone asked to reset the password of your Spa Jobs account.',
      'To choose a new password, open this link within one hour:',
      '',
      expect.stringMatching(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]+$/),
      '',
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ]);
  });

  it('writes to a Hindi guest and a Hindi employer in Hindi, with Indian dates', async () => {
    const admin = await makeAdmin(t);
    const { employer, jobId } = await employerWithJob(t, admin, { title: 'Hindi Pipeline Therapist' });
    // The employer works in Hindi from now on.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/employer/login',
      payload: { login: employer.payload.email, password: PASSWORD },
      headers: HINDI,
    });
    const base = await listen(t.app);
    const res = await fetch(`${base}/api/v1/application/apply/guest`, {
      method: 'POST',
      headers: HINDI,
      body: form({ job: jobId, 'guestInfo[name]': 'Kavya', 'guestInfo[email]': 'kavya.hindi@example.in' }),
    });
    expect(res.status).toBe(201);
    const applied = (await res.json()) as { message: string; applicationId: string };
    expect(applied.message).toBe(hi.guestApplySuccess);
    const appId = applied.applicationId;
    await t.app.ctx.mailer.flush();
    const toEmployer = outbox(t).filter((x) => x.to === employer.payload.email);
    expect(toEmployer.at(-1)!.subject).toBe('Lotus Wellness Spa में 1 नया आवेदन');
    expect(toEmployer.at(-1)!.text).toContain('- Kavya, Hindi Pipeline Therapist के लिए');
    expect(toEmployer.at(-1)!.text).toContain('http://localhost:3000/hi/employer/applicants');

    const move = await t.app.inject({
      method: 'POST',
      url: `/api/v1/employer/applications/${appId}/status`,
      headers: employer.headers,
      payload: { status: 'shortlisted' },
    });
    expect(move.statusCode).toBe(200);
    const interview = await t.app.inject({
      method: 'POST',
      url: `/api/v1/employer/applications/${appId}/status`,
      headers: bearer(employer.token),
      payload: {
        status: 'interview',
        interviewAt: '2026-12-01T11:00:00+05:30',
        interviewPlace: 'MG Road',
      },
    });
    expect(interview.statusCode).toBe(200);
    await t.app.ctx.mailer.flush();
    const toGuest = outbox(t).filter((x) => x.to === 'kavya.hindi@example.in');
    expect(toGuest[0]!.subject).toBe(
      'आपको शॉर्टलिस्ट किया गया है: Lotus Wellness Spa में Hindi Pipeline Therapist',
    );
    expect(toGuest[1]!.subject).toBe('इंटरव्यू के लिए बुलावा: Lotus Wellness Spa में Hindi Pipeline Therapist');
    expect(toGuest[1]!.text).toContain('नमस्ते Kavya,');
    expect(toGuest[1]!.text).toContain('कब: मंगलवार, 1 दिसंबर 2026');
    expect(toGuest[1]!.text).toContain('कहाँ: MG Road');
    expect(toGuest[1]!.text).toContain('http://localhost:3000/hi/applications');
  });
});
