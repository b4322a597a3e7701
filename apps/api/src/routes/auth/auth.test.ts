import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { startTestProvider, type TestProvider } from '../../../../../e2e/oidc/provider.mjs';
import { OAuthAccounts } from '../../lib/oauth-accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { bearer, insertAccount, PASSWORD, registerCandidate } from '../../../test/fixtures/accounts.ts';

const APP = 'http://localhost:3000';
type Provider = 'google' | 'facebook';

let idp: TestProvider;
let t: TestApp;
beforeAll(async () => {
  idp = await startTestProvider({ appBaseUrls: [APP] });
  t = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off', ...idp.appEnv } });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

let n = 0;
const uniqueEmail = (name = 'kavya') => `${name}.${process.pid}.${++n}@example.in`;

interface Person {
  email: string;
  given_name?: string;
  family_name?: string;
  email_verified?: boolean;
  sub?: string;
}

/** A browser's cookies at the provider (paths ignored: one site). */
class Jar {
  private readonly cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** "Start" at our API: the provider's sign-in address and our pending-sign-in cookie. */
async function start(app: TestApp, provider: Provider) {
  const res = await app.app.inject({ url: `/api/v1/auth/${provider}/start` });
  expect(res.statusCode).toBe(302);
  const setCookie = String(res.headers['set-cookie']);
  return { location: String(res.headers.location), cookie: setCookie.split(';')[0]!, setCookie };
}

/**
 * Plays the person at the provider: follows its redirects, fills in its
 * sign-in page (or refuses), and answers the address it sends the browser
 * back to, on our API.
 */
async function atProvider(location: string, person: Person | 'refuse'): Promise<string> {
  const jar = new Jar();
  let url = location;
  for (let hops = 0; hops < 10; hops++) {
    if (url.startsWith(APP)) return url;
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status === 200 && /\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
      const form = new URLSearchParams();
      if (person !== 'refuse') {
        form.set('email', person.email);
        form.set('given_name', person.given_name ?? 'Kavya');
        form.set('family_name', person.family_name ?? 'Iyer');
        if (person.email_verified !== false) form.set('email_verified', 'true');
        if (person.sub) form.set('sub', person.sub);
      }
      res = await fetch(`${url}/${person === 'refuse' ? 'abort' : 'login'}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      jar.take(res);
    }
    const next = res.headers.get('location');
    if (!next) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(next, url).href;
  }
  throw new Error('too many redirects at the provider');
}

/** Back at our callback with the browser's cookie: where it sends the browser next. */
async function callback(app: TestApp, url: string, cookie: string) {
  const res = await app.app.inject({ url: url.slice(APP.length), headers: { cookie } });
  expect(res.statusCode).toBe(302);
  expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);
  return new URL(String(res.headers.location));
}

/** A whole sign-in up to the web app's landing address. */
async function signIn(provider: Provider, person: Person | 'refuse', app = t) {
  const s = await start(app, provider);
  const back = await atProvider(s.location, person);
  return callback(app, back, s.cookie);
}

const exchange = (code: string | null, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/v1/auth/exchange', payload: { code } });

/** Signs in and exchanges the code: the session answer. */
async function session(provider: Provider, person: Person) {
  const landed = await signIn(provider, person);
  expect(landed.pathname).toBe('/auth/callback');
  const res = await exchange(landed.searchParams.get('code'));
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string; _id: string; email: string; firstname: string; lastname: string }>();
}

const loginError = (url: URL) => ({
  path: url.pathname,
  oauthError: url.searchParams.get('oauthError'),
  provider: url.searchParams.get('provider'),
});

describe('providers not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => bare.close());

  it('answers that neither provider is offered, and a start goes back to the login page as "not configured"', async () => {
    const res = await bare.app.inject({ url: '/api/v1/auth/providers' });
    expect(res.json()).toEqual({ google: false, facebook: false });
    for (const provider of ['google', 'facebook'] as const) {
      const started = await bare.app.inject({ url: `/api/v1/auth/${provider}/start` });
      expect(started.statusCode).toBe(302);
      expect(loginError(new URL(String(started.headers.location)))).toEqual({
        path: '/login',
        oauthError: 'not_configured',
        provider,
      });
      expect(started.headers['set-cookie']).toBeUndefined();
    }
  });

  it('leaves password sign-in working', async () => {
    const c = await registerCandidate(bare.app);
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { login: c.payload.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown provider with 400', async () => {
    const res = await bare.app.inject({ url: '/api/v1/auth/twitter/start' });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in with Google (OpenID Connect)', () => {
  it('offers both configured providers', async () => {
    expect((await t.app.inject({ url: '/api/v1/auth/providers' })).json()).toEqual({
      google: true,
      facebook: true,
    });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, kept in an httpOnly cookie', async () => {
    const s = await start(t, 'google');
    const url = new URL(s.location);
    expect(url.origin).toBe(idp.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(idp.appEnv.GOOGLE_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${APP}/api/v1/auth/google/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('scope')).toBe('openid email profile');
    expect(s.setCookie).toMatch(
      /^spajobs_oauth_google=[^;]+; Path=\/api\/v1\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // Nothing the provider could be asked to verify is readable in the cookie.
    expect(s.cookie).not.toContain(q.get('state')!);
  });

  it('creates a candidate on the first sign-in and finds the same one on the next', async () => {
    const email = uniqueEmail();
    const first = await session('google', { email, given_name: 'Kavya', family_name: 'Iyer' });
    expect(first).toMatchObject({
      success: true,
      email,
      firstname: 'Kavya',
      lastname: 'Iyer',
      role: 'user',
      profileimage: null,
    });

    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(first.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email, phone: '', role: 'user' });

    const second = await session('google', { email });
    expect(second._id).toBe(first._id);
    const count = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('finds the account by the provider identity even after the e-mail at the provider changed', async () => {
    const sub = `google-sub-${process.pid}-${++n}`;
    const first = await session('google', { email: uniqueEmail(), sub });
    const again = await session('google', { email: uniqueEmail('renamed'), sub });
    expect(again._id).toBe(first._id);
  });

  it('links a sign-in to the password account with the same verified e-mail', async () => {
    const c = await registerCandidate(t.app);
    const viaGoogle = await session('google', { email: c.payload.email.toUpperCase() });
    expect(viaGoogle._id).toBe(String(c.id));
    expect(await new OAuthAccounts(t.database).identitiesOf(c.id)).toEqual([
      expect.objectContaining({ provider: 'google', email: c.payload.email }),
    ]);
    // The password still works, and the profile (with its phone) is the same account.
    const pw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { login: c.payload.email, password: PASSWORD },
    });
    expect(pw.json()._id).toBe(String(c.id));
    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(viaGoogle.token) });
    expect(profile.json().phone).toBe(c.payload.phone);
  });

  it('refuses an e-mail the provider has not verified, and links nothing', async () => {
    const c = await registerCandidate(t.app);
    const landed = await signIn('google', { email: c.payload.email, email_verified: false });
    expect(loginError(landed)).toEqual({ path: '/login', oauthError: 'failed', provider: 'google' });
    expect(await new OAuthAccounts(t.database).identitiesOf(c.id)).toEqual([]);
  });

  it('refuses an account whose role is not "user", as the password login does, and links nothing', async () => {
    const email = uniqueEmail('employer');
    const id = await insertAccount(
      t,
      'employer',
      email,
      `8${String(process.pid).padStart(5, '0').slice(-5)}1234`,
    );
    const landed = await signIn('google', { email });
    expect(loginError(landed)).toEqual({ path: '/login', oauthError: 'role', provider: 'google' });
    expect(await new OAuthAccounts(t.database).identitiesOf(id)).toEqual([]);
  });

  it('refuses at the exchange an account whose role changed after the sign-in', async () => {
    const email = uniqueEmail();
    const landed = await signIn('google', { email });
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
    const res = await exchange(landed.searchParams.get('code'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: m.loginAccessDenied });
  });

  it('sends a refused consent back to the login page as a failed sign-in', async () => {
    const landed = await signIn('google', 'refuse');
    expect(loginError(landed)).toEqual({ path: '/login', oauthError: 'failed', provider: 'google' });
  });

  it('brings a visitor of the Hindi site back to its Hindi pages, and remembers Hindi for the account', async () => {
    const s = await start(t, 'google');
    const back = await atProvider(s.location, { email: uniqueEmail('hindi') });
    const landed = await callback(t, back, `${s.cookie}; lang=hi`);
    expect(landed.pathname).toBe('/hi/auth/callback');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/exchange',
      payload: { code: landed.searchParams.get('code') },
      headers: { 'accept-language': 'hi' },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', Number(res.json()._id))
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('hi');

    const s2 = await start(t, 'google');
    const back2 = await atProvider(s2.location, 'refuse');
    expect(loginError(await callback(t, back2, `${s2.cookie}; lang=hi`)).path).toBe('/hi/login');
  });
});

describe('the pending sign-in (state)', () => {
  it("refuses a callback carrying another sign-in's state", async () => {
    const mine = await start(t, 'google');
    const theirs = await start(t, 'google');
    const back = await atProvider(theirs.location, { email: uniqueEmail() });
    const landed = await callback(t, back, mine.cookie);
    expect(loginError(landed)).toEqual({ path: '/login', oauthError: 'failed', provider: 'google' });
  });

  it('refuses an altered state before spending the code', async () => {
    const s = await start(t, 'google');
    const back = new URL(await atProvider(s.location, { email: uniqueEmail() }));
    const altered = new URL(back);
    altered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    expect(loginError(await callback(t, altered.href, s.cookie))).toMatchObject({ oauthError: 'failed' });
    expect((await callback(t, back.href, s.cookie)).pathname).toBe('/auth/callback');
  });

  it('refuses a callback without the pending-sign-in cookie, or with a forged one', async () => {
    const s = await start(t, 'google');
    const back = await atProvider(s.location, { email: uniqueEmail() });
    expect(loginError(await callback(t, back, ''))).toMatchObject({ oauthError: 'failed' });
    expect(loginError(await callback(t, back, 'spajobs_oauth_google=forged'))).toMatchObject({
      oauthError: 'failed',
    });
    // The genuine one still works: nothing above spent the provider's code.
    expect((await callback(t, back, s.cookie)).pathname).toBe('/auth/callback');
  });

  it("refuses one provider's pending sign-in at the other's callback", async () => {
    const g = await start(t, 'google');
    const f = await start(t, 'facebook');
    const back = await atProvider(f.location, { email: uniqueEmail() });
    const landed = await callback(
      t,
      back,
      g.cookie.replace('spajobs_oauth_google', 'spajobs_oauth_facebook'),
    );
    expect(loginError(landed)).toEqual({ path: '/login', oauthError: 'failed', provider: 'facebook' });
  });
});

describe('the single-use code', () => {
  it('gives the session once, never twice', async () => {
    const landed = await signIn('google', { email: uniqueEmail() });
    const code = landed.searchParams.get('code');
    expect(code).toMatch(/^[\w-]{43}$/);
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await exchange(code);
    expect(second.statusCode).toBe(400);
    expect(second.json().success).toBe(false);
  });

  it('is stored only as a hash', async () => {
    const landed = await signIn('google', { email: uniqueEmail() });
    const code = landed.searchParams.get('code')!;
    const rows = await t.database.db
      .withTables<{ oauth_login_codes: { code_hash: string } }>()
      .selectFrom('oauth_login_codes')
      .select('code_hash')
      .execute();
    expect(rows.some((r) => r.code_hash === code)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash))).toBe(true);
  });

  it('refuses an unknown or missing code', async () => {
    expect((await exchange('x'.repeat(43))).statusCode).toBe(400);
    expect((await exchange(null)).statusCode).toBe(400);
  });

  it('expires after two minutes', async () => {
    const accounts = new OAuthAccounts(t.database);
    const c = await registerCandidate(t.app);
    const code = await accounts.issueLoginCode(c.id, 'google', Date.now() - 3 * 60_000);
    expect((await exchange(code)).statusCode).toBe(400);
  });
});

describe('sign-in with Facebook (OAuth 2.0 and the Graph profile)', () => {
  it('sends the browser to the provider with PKCE and state, without OpenID Connect', async () => {
    const q = new URL((await start(t, 'facebook')).location).searchParams;
    expect(q.get('client_id')).toBe(idp.appEnv.FACEBOOK_CLIENT_ID);
    expect(q.get('scope')).toBe('email public_profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeNull();
  });

  it('creates a candidate, finds it again, and keeps it apart from the Google identity', async () => {
    const email = uniqueEmail('farhan');
    const first = await session('facebook', { email, given_name: 'Farhan', family_name: 'Sheikh' });
    expect(first).toMatchObject({ email, firstname: 'Farhan', lastname: 'Sheikh' });
    const second = await session('facebook', { email });
    expect(second._id).toBe(first._id);
    // The same person through Google reaches the same account by the verified e-mail.
    const google = await session('google', { email });
    expect(google._id).toBe(first._id);
    expect(
      (await new OAuthAccounts(t.database).identitiesOf(Number(first._id))).map((i) => i.provider),
    ).toEqual(['facebook', 'google']);
  });

  it('links to the password account with the same e-mail', async () => {
    const c = await registerCandidate(t.app);
    expect((await session('facebook', { email: c.payload.email }))._id).toBe(String(c.id));
  });

  it('refuses a profile without an e-mail (Facebook gives only confirmed ones)', async () => {
    const landed = await signIn('facebook', { email: uniqueEmail(), email_verified: false });
    expect(loginError(landed)).toEqual({ path: '/login', oauthError: 'failed', provider: 'facebook' });
  });

  it('sends a refused consent back to the login page as a failed sign-in', async () => {
    expect(loginError(await signIn('facebook', 'refuse'))).toMatchObject({ oauthError: 'failed' });
  });
});

describe('a provider that cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    // A port that was just free, so nothing answers there.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    down = await createTestApp({
      seed: false,
      env: {
        RATE_LIMITS: 'off',
        ...idp.appEnv,
        GOOGLE_ISSUER: closed,
        FACEBOOK_TOKEN_URL: `${closed}/token`,
      },
    });
  });
  afterAll(() => down.close());

  it('answers "temporarily unavailable" when discovery fails', async () => {
    const res = await down.app.inject({ url: '/api/v1/auth/google/start' });
    expect(loginError(new URL(String(res.headers.location)))).toEqual({
      path: '/login',
      oauthError: 'unavailable',
      provider: 'google',
    });
  });

  it('answers "temporarily unavailable" when the token endpoint cannot be reached', async () => {
    const landed = await signIn('facebook', { email: uniqueEmail() }, down);
    expect(loginError(landed)).toEqual({ path: '/login', oauthError: 'unavailable', provider: 'facebook' });
  });
});

describe('accounts without a phone', () => {
  it('can add a phone in the profile, and several of them exist side by side', async () => {
    const a = await session('google', { email: uniqueEmail() });
    const b = await session('google', { email: uniqueEmail() });
    expect(a._id).not.toBe(b._id);
    const phone = `7${String(process.pid).padStart(6, '0').slice(-6)}555`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: bearer(a.token),
      payload: { firstname: 'Kavya', lastname: 'Iyer', email: a.email, phone },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phone).toBe(phone);
  });
});
