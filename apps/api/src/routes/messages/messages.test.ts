import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off' } });
});
afterAll(() => t.close());

const send = (payload: object, url = '/api/v1/messages/') => t.app.inject({ method: 'POST', url, payload });
const stored = () => t.database.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

describe('POST /messages/', () => {
  it('stores a message (201) at /messages/ and at /messages, optional fields empty when missing', async () => {
    const full = {
      name: ' Rohan Gupta ',
      email: 'Rohan@Example.in',
      phone: '9876501234',
      location: 'Pune',
      subject: 'services',
      message: 'Looking for a spa manager role.',
    };
    const res = await send(full);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: m.contactSent });
    const noSlash = await send(
      { name: 'Isha', email: 'isha@example.in', subject: 'jobs', message: 'Therapist jobs near me?' },
      '/api/v1/messages',
    );
    expect(noSlash.statusCode).toBe(201);
    const rows = await stored();
    expect(rows.map(({ id: _id, created_at: _c, ...r }) => r)).toEqual([
      { ...full, name: 'Rohan Gupta', email: 'rohan@example.in', handled_at: null, handled_by: null },
      {
        handled_at: null,
        handled_by: null,
        name: 'Isha',
        email: 'isha@example.in',
        phone: null,
        location: null,
        subject: 'jobs',
        message: 'Therapist jobs near me?',
      },
    ]);
  });

  it('requires name, e-mail, subject and message, each with its message', async () => {
    const before = (await stored()).length;
    const res = await send({});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: m.contactNameRequired,
      email: m.emailRequired,
      subject: m.contactSubjectRequired,
      message: m.contactMessageRequired,
    });
    const ok = { name: 'Isha', email: 'isha@example.in', subject: 'jobs', message: 'Hello' };
    for (const [change, message] of [
      [{ email: 'isha@' }, m.emailInvalid],
      [{ subject: 'spam' }, m.contactSubjectRequired],
      [{ message: '   ' }, m.contactMessageRequired],
      [{ name: '' }, m.contactNameRequired],
    ] as const) {
      const r = await send({ ...ok, ...change });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(message);
    }
    expect((await stored()).length).toBe(before);
  });
});
