import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { PASSWORD, registerCandidate } from '../../test/fixtures/accounts.ts';
import { LOGIN_THROTTLE } from '../lib/login-throttle.ts';
import { hashLinkToken, newLinkToken } from '../lib/tokens.ts';
import { LIMITS } from './rate-limit.ts';

/** Limits on, as in production (the default unless RATE_LIMITS=off). */
let t: TestApp;
let jobId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: { spas: 2, jobs: 4 } });
  expect(t.config.rateLimits).toBe(true);
  const job = await t.database.db
    .selectFrom('jobs')
    .select('id')
    .where('is_active', '=', 1)
    .where('expires_at', 'is', null)
    .executeTakeFirstOrThrow();
  jobId = Number(job.id);
});
afterAll(() => t.close());

let lastOctet = 0;
/** A client address no other test uses. */
const newIp = () => `203.0.113.${++lastOctet}`;

const post = (url: string, payload: object | string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip, headers });

function expectLimited(res: {
  statusCode: number;
  json: () => { message: string };
  headers: Record<string, unknown>;
}) {
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toBe(m.tooManyRequests);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** A multipart body built by hand, so that inject can send it from any address. */
function guestForm(fields: Record<string, string>) {
  const boundary = 'spajobs-rate-limit-test';
  const body =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('rate limits', () => {
  it('login: per client address, counting every attempt', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) {
      expect((await post('/users/login', {}, ip)).statusCode).toBe(400);
    }
    expectLimited(await post('/users/login', { login: 'x@y.in', password: 'whatever' }, ip));
    expect((await post('/users/login', {}, newIp())).statusCode).toBe(400);
  });

  it('login: wrong passwords slow down the address that sends them, never the owner elsewhere', async () => {
    const c = await registerCandidate(t.app, {}, newIp());
    const attacker = newIp();
    for (let i = 0; i < LOGIN_THROTTLE.freeFailures; i++) {
      const res = await post(
        '/users/login',
        { login: c.payload.email, password: 'wrong-password' },
        attacker,
      );
      expect(res.statusCode).toBe(401);
    }
    // One more failure, and the attacker's address must wait before its next try, a short while at first.
    expect(
      (await post('/users/login', { login: c.payload.phone, password: 'wrong-password' }, attacker))
        .statusCode,
    ).toBe(401);
    const waiting = await post(
      '/users/login',
      { login: c.payload.email, password: 'wrong-password' },
      attacker,
    );
    expectLimited(waiting);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(
      Math.ceil(LOGIN_THROTTLE.baseDelayMs / 1000),
    );

    // Many more failures from many addresses: the owner's right password, from an address of theirs, still works.
    for (let i = 0; i < 12; i++) {
      const res = await post('/users/login', { login: c.payload.email, password: 'wrong-password' }, newIp());
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await post('/users/login', { login: c.payload.email.toUpperCase(), password: PASSWORD }, newIp()))
        .statusCode,
    ).toBe(200);
  });

  it('login: a password reset lets every address try again at once', async () => {
    const c = await registerCandidate(t.app, {}, newIp());
    const ip = newIp();
    for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++) {
      await post('/users/login', { login: c.payload.email, password: 'wrong-password' }, ip);
    }
    expectLimited(await post('/users/login', { login: c.payload.email, password: PASSWORD }, ip));

    const { token } = newLinkToken();
    await t.app.ctx.passwordResets.create(c.id, hashLinkToken(token));
    const reset = await post('/users/reset-password', { token, password: 'a-new-password-1' }, newIp());
    expect(reset.statusCode).toBe(200);
    expect(
      (await post('/users/login', { login: c.payload.email, password: 'a-new-password-1' }, ip)).statusCode,
    ).toBe(200);
  });

  it('registration: per client address', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMITS.registerPerIp.max; i++) {
      expect((await post('/users/register', {}, ip)).statusCode).toBe(400);
    }
    expectLimited(await post('/users/register', {}, ip));
    expect((await post('/users/register', {}, newIp())).statusCode).toBe(400);
  });

  it('forgot password: per account and per client address', async () => {
    const c = await registerCandidate(t.app, {}, newIp());
    for (let i = 0; i < LIMITS.forgotPasswordPerAccount.max; i++) {
      expect((await post('/users/forgot-password', { login: c.payload.email }, newIp())).statusCode).toBe(
        200,
      );
    }
    expectLimited(await post('/users/forgot-password', { login: c.payload.email }, newIp()));
    // The same answer for an unknown account, limited alike: nothing tells them apart.
    for (let i = 0; i < LIMITS.forgotPasswordPerAccount.max; i++) {
      expect((await post('/users/forgot-password', { login: 'ghost@example.in' }, newIp())).statusCode).toBe(
        200,
      );
    }
    expectLimited(await post('/users/forgot-password', { login: 'ghost@example.in' }, newIp()));

    const ip = newIp();
    for (let i = 0; i < LIMITS.forgotPasswordPerIp.max; i++) {
      expect((await post('/users/forgot-password', {}, ip)).statusCode).toBe(400);
    }
    expectLimited(await post('/users/forgot-password', { login: 'someone@example.in' }, ip));
    await t.app.ctx.mailer.flush();
  });

  it('reset password: per client address', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMITS.resetPasswordPerIp.max; i++) {
      const res = await post(
        '/users/reset-password',
        { token: 'B'.repeat(43), password: 'long-enough-1' },
        ip,
      );
      expect(res.statusCode).toBe(400);
    }
    expectLimited(
      await post('/users/reset-password', { token: 'B'.repeat(43), password: 'long-enough-1' }, ip),
    );
  });

  it('contact messages: per client address', async () => {
    const ip = newIp();
    const msg = { name: 'Isha', email: 'isha@example.in', subject: 'jobs', message: 'Hello' };
    for (let i = 0; i < LIMITS.contactPerIp.max; i++) {
      expect((await post('/messages/', msg, ip)).statusCode).toBe(201);
    }
    expectLimited(await post('/messages', msg, ip));
    expect((await post('/messages', msg, newIp())).statusCode).toBe(201);
    const rows = await t.database.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(LIMITS.contactPerIp.max + 1);
  });

  it('guest applications: per client address, and per e-mail whatever the address', async () => {
    const ip = newIp();
    for (let i = 0; i < LIMITS.guestApplicationPerIp.max; i++) {
      expect((await post('/application/apply/guest', {}, ip)).statusCode).toBe(400);
    }
    expectLimited(await post('/application/apply/guest', {}, ip));

    const fields = { job: String(jobId), 'guestInfo[name]': 'Kavya', 'guestInfo[email]': 'kavya@example.in' };
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.guestApplicationPerEmail.max; i++) {
      const f = guestForm(fields);
      statuses.push((await post('/application/apply/guest', f.body, newIp(), f.headers)).statusCode);
    }
    expect(statuses[0]).toBe(201);
    expect(new Set(statuses.slice(1))).toEqual(new Set([409]));
    const f = guestForm({ ...fields, 'guestInfo[email]': 'KAVYA@example.in' });
    expectLimited(await post('/application/apply/guest', f.body, newIp(), f.headers));
    const other = guestForm({ ...fields, 'guestInfo[email]': 'meera@example.in' });
    expect((await post('/application/apply/guest', other.body, newIp(), other.headers)).statusCode).toBe(201);
  });
});

describe('RATE_LIMITS=off', () => {
  it('lets every request through, as the browser tests need', async () => {
    const off = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off' } });
    try {
      for (let i = 0; i <= LIMITS.loginPerIp.max + 5; i++) {
        const res = await off.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: {} });
        expect(res.statusCode).toBe(400);
      }
    } finally {
      await off.close();
    }
  });
});
