import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { messages as m } from '@spajobs/contract/messages';
import { signSessionToken } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  bearer,
  insertAccount,
  newCandidate,
  PASSWORD,
  registerCandidate,
} from '../../../test/fixtures/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off' } });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/users${url}`, payload: payload as object, headers });

describe('POST /users/register', () => {
  it('creates a candidate, answers a working token and stores an argon2id hash, never the password', async () => {
    const payload = newCandidate({ email: '  Priya.Sharma@Example.IN ' });
    const res = await post('/register', payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      firstname: 'Asha',
      lastname: 'Nair',
      email: 'priya.sharma@example.in',
      role: 'user',
      profileimage: null,
    });
    expect(body._id).toMatch(/^\d+$/);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', Number(body._id))
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
    const [, mem, iter] = /m=(\d+),t=(\d+)/.exec(row.password_hash!)!;
    expect(Number(mem)).toBeGreaterThanOrEqual(19_456);
    expect(Number(iter)).toBeGreaterThanOrEqual(2);
    expect(row.password_hash).not.toContain(PASSWORD);

    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(body.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe('priya.sharma@example.in');
    expect(profile.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses every missing field with its own message', async () => {
    const res = await post('/register', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: m.firstNameRequired });
    expect(res.json().fields).toEqual({
      firstname: m.firstNameRequired,
      lastname: m.lastNameRequired,
      email: m.emailRequired,
      phone: m.phoneRequired,
      gender: m.genderRequired,
      password: m.passwordRequired,
    });
  });

  it.each([
    ['email', 'asha@', m.emailInvalid],
    ['phone', '98765', m.phoneTenDigits],
    ['phone', '98765432101', m.phoneTenDigits],
    ['password', 'short12', m.passwordMin8],
    ['role', 'employer', m.roleNotAllowed],
    ['role', 'admin', m.roleNotAllowed],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const res = await post('/register', newCandidate({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message, message });
    expect(res.json().fields[field]).toBe(message);
  });

  it('never creates another role, and an absent role means "user"', async () => {
    const refused = newCandidate({ role: 'admin' });
    await post('/register', refused);
    const rows = await t.database.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', refused.email)
      .execute();
    expect(rows).toEqual([]);
    const { role: _r, ...noRole } = newCandidate();
    const res = await post('/register', noRole);
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('user');
  });

  it('answers 409 for an e-mail or a phone number already registered', async () => {
    const first = await registerCandidate(t.app);
    const sameEmail = await post('/register', newCandidate({ email: first.payload.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ message: m.emailTaken, fields: { email: m.emailTaken } });
    const samePhone = await post('/register', newCandidate({ phone: first.payload.phone }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({ message: m.phoneTaken, fields: { phone: m.phoneTaken } });
  });
});

describe('phone numbers at registration', () => {
  it('stores any written form of an Indian number as the 10-digit national number', async () => {
    const cases: [string, string][] = [
      ['+91 98200 55501', '9820055501'],
      ['098200-55502', '9820055502'],
      ['(+91) 98200-55503', '9820055503'],
      ['0091 9820055504', '9820055504'],
      ['9198200555', '9198200555'],
    ];
    for (const [written, stored] of cases) {
      const res = await post('/register', newCandidate({ phone: written }));
      expect(res.statusCode, written).toBe(201);
      const row = await t.database.db
        .selectFrom('users')
        .select('phone')
        .where('id', '=', Number(res.json()._id))
        .executeTakeFirstOrThrow();
      expect(row.phone).toBe(stored);
    }
    // The same number written another way is the same number.
    const again = await post('/register', newCandidate({ phone: '+91-98200-55501' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ phone: m.phoneTaken });
  });

  it('refuses what is not a 10-digit number with the spec message', async () => {
    for (const phone of ['98200 5550', '+1 415 555 0100 22', '98200abc55', '+91 98200 555011']) {
      const res = await post('/register', newCandidate({ phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().fields).toEqual({ phone: m.phoneTenDigits });
    }
  });
});

describe('POST /users/login', () => {
  it('signs in with the e-mail address or with the phone number', async () => {
    const c = await registerCandidate(t.app);
    for (const login of [c.payload.email, ` ${c.payload.email.toUpperCase()} `, c.payload.phone]) {
      const res = await post('/login', { login, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        _id: String(c.id),
        role: 'user',
        email: c.payload.email,
      });
      const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(res.json().token) });
      expect(profile.json()._id).toBe(String(c.id));
    }
  });

  it('signs in with the phone number written in any usual way', async () => {
    const c = await registerCandidate(t.app);
    const p = c.payload.phone;
    const written = [
      `+91 ${p.slice(0, 5)} ${p.slice(5)}`,
      `+91-${p}`,
      `91${p}`,
      `0${p}`,
      `0091 ${p}`,
      `(0) ${p.slice(0, 5)}-${p.slice(5)}`,
      ` ${p.slice(0, 3)} ${p.slice(3, 6)} ${p.slice(6)} `,
    ];
    for (const login of written) {
      const res = await post('/login', { login, password: PASSWORD });
      expect(res.statusCode, login).toBe(200);
      expect(res.json()._id).toBe(String(c.id));
    }
    const wrong = await post('/login', { login: `+92 ${p}`, password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers 401 with one message for a wrong password and for an unknown account', async () => {
    const c = await registerCandidate(t.app);
    const wrong = await post('/login', { login: c.payload.email, password: 'not-the-password' });
    const unknown = await post('/login', { login: 'nobody@example.in', password: 'not-the-password' });
    const unknownPhone = await post('/login', { login: '9000000001', password: 'not-the-password' });
    for (const res of [wrong, unknown, unknownPhone]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        error: m.invalidCredentials,
        message: m.invalidCredentials,
        code: 'invalidCredentials',
      });
    }
  });

  it('checks the login fields with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ password: PASSWORD }, m.loginIdentifierRequired],
      [{ login: '   ', password: PASSWORD }, m.loginIdentifierRequired],
      [{ login: 'a@b.in' }, m.loginPasswordRequired],
      [{ login: 'a@b.in', password: '' }, m.loginPasswordRequired],
      [{ login: 'a@b.in', password: '12345' }, m.loginPasswordMin6],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses other roles with the spec message (403), but only once the password is right', async () => {
    await insertAccount(t, 'employer', 'employer@spa.example', '9111111111');
    await insertAccount(t, 'admin', 'admin@spa.example', '9222222222');
    for (const login of ['employer@spa.example', '9222222222']) {
      const res = await post('/login', { login, password: PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(m.loginAccessDenied);
      expect(res.json().token).toBeUndefined();
    }
    const wrong = await post('/login', { login: 'employer@spa.example', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(m.invalidCredentials);
  });
});

describe('sessions', () => {
  const profile = (headers: Record<string, string>) =>
    t.app.inject({ url: '/api/v1/users/profile', headers });

  it('answers 401 with no token, a malformed one, a forged one, an expired one or one without HS256', async () => {
    const c = await registerCandidate(t.app);
    const noToken = await profile({});
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().message).toBe(m.authRequired);

    const secret = t.config.jwtSecret;
    const forged = await signSessionToken(
      { id: c.id, role: 'user' },
      'another-secret-of-enough-length-123',
      3600,
    );
    const expired = await signSessionToken(
      { id: c.id, role: 'user' },
      secret,
      3600,
      Date.now() - 2 * 3600_000,
    );
    const [, claims] = c.token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${claims}.`;
    const hs512 = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(c.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    for (const h of [
      { authorization: 'Bearer not-a-token' },
      { authorization: c.token },
      bearer(forged),
      bearer(expired),
      bearer(unsigned),
      bearer(hs512),
    ]) {
      const res = await profile(h);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(m.sessionExpired);
    }
    expect((await profile(c.headers)).statusCode).toBe(200);
  });

  it('re-reads the account on every call: a deleted account or a changed role loses access', async () => {
    const gone = await registerCandidate(t.app);
    await t.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect((await profile(gone.headers)).statusCode).toBe(401);

    const promoted = await registerCandidate(t.app);
    await t.database.db
      .updateTable('users')
      .set({ role: 'employer' })
      .where('id', '=', promoted.id)
      .execute();
    const res = await profile(promoted.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(m.candidatesOnly);
  });
});

describe('GET and PUT /users/profile', () => {
  const full = {
    firstname: 'Meera',
    lastname: 'Iyer',
    email: 'meera.iyer@example.in',
    phone: '9812345678',
    gender: 'Female',
    dob: '1995-04-12',
    qualification: 'Diploma in Spa Therapy',
    experience: '3 years',
    skills: ' Swedish massage, , Aromatherapy ,Reflexology,',
    address: 'Bandra West, Mumbai',
  };

  it('saves every profile field and answers the updated profile with the spec message', async () => {
    const c = await registerCandidate(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: c.headers,
      payload: full,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: m.profileUpdated });
    const expected = {
      _id: String(c.id),
      role: 'user',
      ...full,
      skills: ['Swedish massage', 'Aromatherapy', 'Reflexology'],
      profileimage: null,
      resume: null,
    };
    expect(res.json().user).toEqual(expected);
    const again = await t.app.inject({ url: '/api/v1/users/profile', headers: c.headers });
    expect(again.json()).toEqual(expected);

    const list = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: c.headers,
      payload: { ...full, skills: ['Thai massage', '  '], gender: '', dob: '', address: '' },
    });
    expect(list.json().user).toMatchObject({
      skills: ['Thai massage'],
      gender: null,
      dob: null,
      address: null,
    });
  });

  it('enforces the profile rules with their messages', async () => {
    const c = await registerCandidate(t.app);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstname: ' ' }, 'firstname', m.firstNameRequired],
      [{ lastname: undefined }, 'lastname', m.lastNameRequired],
      [{ email: '' }, 'email', m.emailRequired],
      [{ email: 'meera@' }, 'email', m.emailInvalid],
      [{ phone: '' }, 'phone', m.phoneRequired],
      [{ phone: '12345' }, 'phone', m.phoneTenDigits],
      [{ gender: 'Other' }, 'gender', m.genderInvalid],
      [{ dob: tomorrow }, 'dob', m.dobInFuture],
      [{ dob: '12/04/1995' }, 'dob', m.dobInvalid],
      [{ skills: 'a,b,c,d,e,f,g,h,i,j,k' }, 'skills', m.skillsMax],
    ];
    for (const [change, field, message] of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/profile',
        headers: c.headers,
        payload: { ...full, email: c.payload.email, phone: c.payload.phone, ...change },
      });
      expect(res.statusCode, `${field}=${JSON.stringify(change)}`).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().fields[field]).toBe(message);
    }
    const ten = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: c.headers,
      payload: { ...full, email: c.payload.email, phone: c.payload.phone, skills: 'a,b,c,d,e,f,g,h,i,j' },
    });
    expect(ten.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('firstname')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.firstname).toBe('Meera');
  });

  it("answers 409 when the new e-mail or phone is another account's", async () => {
    const a = await registerCandidate(t.app);
    const b = await registerCandidate(t.app);
    for (const [change, message] of [
      [{ email: a.payload.email }, m.emailTaken],
      [{ phone: a.payload.phone }, m.phoneTaken],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/profile',
        headers: b.headers,
        payload: { ...full, email: b.payload.email, phone: b.payload.phone, ...change },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
  });

  it('lets a candidate read and change only their own profile, whatever id the request names', async () => {
    const a = await registerCandidate(t.app, { firstname: 'Anita' });
    const b = await registerCandidate(t.app, { firstname: 'Bina' });
    const read = await t.app.inject({
      url: `/api/v1/users/profile?id=${a.id}&_id=${a.id}`,
      headers: b.headers,
    });
    expect(read.json()).toMatchObject({ _id: String(b.id), firstname: 'Bina' });

    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/profile?id=${a.id}`,
      headers: b.headers,
      payload: {
        ...full,
        _id: String(a.id),
        id: a.id,
        role: 'admin',
        email: b.payload.email,
        phone: b.payload.phone,
      },
    });
    expect(write.statusCode).toBe(200);
    expect(write.json().user).toMatchObject({ _id: String(b.id), role: 'user', firstname: 'Meera' });
    const rowA = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(rowA.firstname).toBe('Anita');
    expect(rowA.qualification).toBeNull();
    const rowB = await t.database.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(rowB.role).toBe('user');
  });

  it('answers 401 without a token, and 403 for another role', async () => {
    const noToken = await t.app.inject({ method: 'PUT', url: '/api/v1/users/profile', payload: full });
    expect(noToken.statusCode).toBe(401);
    const id = await insertAccount(t, 'employer', 'owner@spa.example', '9333333333');
    const token = await signSessionToken({ id, role: 'employer' }, t.config.jwtSecret, 3600);
    const res = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});
