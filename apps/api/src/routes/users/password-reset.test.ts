import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { hashLinkToken } from '../../lib/tokens.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { PASSWORD, registerCandidate } from '../../../test/fixtures/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/users${url}`, payload });

interface Mail {
  to: string;
  subject: string;
  text: string;
}
function outbox(): Mail[] {
  const dir = t.config.outboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail);
}
/** Asks for a link and reads it from the newest message in the outbox. */
async function requestLink(login: string): Promise<string> {
  const before = outbox().length;
  const res = await post('/forgot-password', { login });
  expect(res.statusCode).toBe(200);
  await t.app.ctx.mailer.flush();
  const mails = outbox();
  expect(mails.length).toBe(before + 1);
  const link = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('forgot and reset password', () => {
  it('mails a single-use link; the new password works, the old one and earlier sessions do not', async () => {
    const c = await registerCandidate(t.app);
    const token = await requestLink(c.payload.phone);
    const mail = outbox().at(-1)!;
    expect(mail.to).toBe(c.payload.email);
    expect(mail.subject).toContain('Reset');

    // Only the hash of the token is stored, with a one-hour expiry.
    const rows = await t.database.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', c.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashLinkToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(Number(rows[0]!.expires_at) - Number(rows[0]!.created_at)).toBe(3_600_000);

    const reset = await post('/reset-password', { token, password: 'a-brand-new-secret' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: m.passwordResetDone });

    const oldSession = await t.app.inject({ url: '/api/v1/users/profile', headers: c.headers });
    expect(oldSession.statusCode).toBe(401);
    expect(oldSession.json().message).toBe(m.sessionExpired);
    expect((await post('/login', { login: c.payload.email, password: PASSWORD })).statusCode).toBe(401);
    const login = await post('/login', { login: c.payload.email, password: 'a-brand-new-secret' });
    expect(login.statusCode).toBe(200);
    const newSession = await t.app.inject({
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(newSession.statusCode).toBe(200);

    // The same link a second time.
    const twice = await post('/reset-password', { token, password: 'yet-another-secret' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(m.resetLinkInvalid);
    expect(
      (await post('/login', { login: c.payload.email, password: 'a-brand-new-secret' })).statusCode,
    ).toBe(200);
  });

  it('answers the same whether or not the account exists, and mails only existing accounts', async () => {
    const c = await registerCandidate(t.app);
    const before = outbox().length;
    const known = await post('/forgot-password', { login: c.payload.email });
    const unknown = await post('/forgot-password', { login: 'nobody@example.in' });
    const unknownPhone = await post('/forgot-password', { login: '9000000002' });
    for (const res of [known, unknown, unknownPhone]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: m.resetLinkSent });
    }
    await t.app.ctx.mailer.flush();
    expect(outbox().length).toBe(before + 1);
    expect(outbox().at(-1)!.to).toBe(c.payload.email);
  });

  it('refuses an expired link, an unknown one, and a short new password', async () => {
    const c = await registerCandidate(t.app);
    const token = await requestLink(c.payload.email);
    const short = await post('/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(m.passwordMin8);

    await t.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashLinkToken(token))
      .execute();
    const expired = await post('/reset-password', { token, password: 'long-enough-password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(m.resetLinkInvalid);

    const unknown = await post('/reset-password', {
      token: 'A'.repeat(43),
      password: 'long-enough-password',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(m.resetLinkInvalid);
    expect((await post('/login', { login: c.payload.email, password: PASSWORD })).statusCode).toBe(200);

    const blank = await post('/forgot-password', { login: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(m.loginIdentifierRequired);
  });

  it('spends every open link of the account when one is used', async () => {
    const c = await registerCandidate(t.app);
    const first = await requestLink(c.payload.email);
    const second = await requestLink(c.payload.email);
    expect(
      (await post('/reset-password', { token: second, password: 'password-from-link-2' })).statusCode,
    ).toBe(200);
    const stale = await post('/reset-password', { token: first, password: 'password-from-link-1' });
    expect(stale.statusCode).toBe(400);
    expect(
      (await post('/login', { login: c.payload.email, password: 'password-from-link-2' })).statusCode,
    ).toBe(200);
  });
});
