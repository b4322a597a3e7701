import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertMessages, MAX_ALERTS_PER_EMAIL } from '@spajobs/contract/alert';
import { alertMessagesHi } from '@spajobs/contract/messages-hi';
import { createDb, type Db } from '../../db/database.ts';
import { createAlertScheduler } from '../../plugins/alert-scheduler.ts';
import { createMailer, type Mailer, type MailMessage } from '../../lib/mailer.ts';
import { AlertRepository } from '../../repositories/alert-repository.ts';
import { createTestApp, TEST_PG_URL, type TestApp } from '../../../test/helpers.ts';
import { insertConfirmedAlert, insertJob, insertSpa } from '../../../test/factories.ts';
import { registerCandidate } from '../../../test/fixtures/accounts.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let smtp: SmtpSink;
let spaId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    seed: false,
    env: {
      RATE_LIMITS: 'off',
      SMTP_URL: smtp.url,
      SMTP_RETRIES: '3',
      SMTP_RETRY_BASE_MS: '20',
      ALERT_SCHEDULER: 'off',
      MAIL_FROM: 'Spa Jobs <alerts@spajobs.example>',
    },
  });
  spaId = await insertSpa(t.database, {
    name: 'Lotus Spa',
    city: 'Pune',
    state: 'Maharashtra',
    latitude: 18.52,
    longitude: 73.85,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.app.ctx.mailer.flush();
  smtp.mails.length = 0;
  smtp.answer = () => 'accept';
  await t.database.db.deleteFrom('job_alerts').execute();
  await t.database.db.deleteFrom('alert_addresses').execute();
});

const create = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/alerts', payload: payload as object, headers });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/alerts/confirm', payload: { token } });
/** The confirmation mail to an address, once it has arrived. */
async function mailTo(email: string) {
  for (let i = 0; i < 100; i++) {
    const m = smtp.mails.find((x) => x.to === email);
    if (m) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${email}`);
}
const tokenOf = (text: string) => /alerts\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const alertRows = () => t.database.db.selectFrom('job_alerts').selectAll().orderBy('id').execute();
/** Moves the mark of one alert (or of all) back a day and makes it due at `now`: jobs posted since count as new. */
const dueSinceYesterday = (now: number, id?: number) =>
  t.database.db
    .updateTable('job_alerts')
    .set({ hwm_at: now - DAY, next_due_at: now })
    .$if(id !== undefined, (q) => q.where('id', '=', id!))
    .execute();

/** `count` active alerts for Pune, each of its own confirmed address (`<prefix><i>@example.com`): their ids. */
async function activeAlerts(prefix: string, count: number, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      await insertConfirmedAlert(t.database, t.app.ctx.alerts, `${prefix}${i}@example.com`, 'Pune', now),
    );
  return ids;
}

/** `count` active alerts for Pune due since yesterday, with one Pune job new since then: their ids. */
async function dueWithNewJob(prefix: string, count: number, now: number): Promise<number[]> {
  const ids = await activeAlerts(prefix, count, now);
  await dueSinceYesterday(now);
  await insertJob(t.database, spaId, { city: 'Pune', posted_at: now - 120_000 });
  return ids;
}

/** Creates an alert and confirms it through its e-mail, as a subscriber would. */
async function confirmedAlert(email: string, query: object, frequency = 'daily') {
  const res = await create({ email, frequency, query });
  expect(res.statusCode).toBe(201);
  if (res.json().confirmationSent) {
    const c = await confirm(tokenOf((await mailTo(email)).text));
    expect(c.statusCode).toBe(200);
  }
  return Number(res.json().alert.id);
}

describe('double opt-in', () => {
  it('keeps an alert inactive until its link is clicked; the link works once; the address is then confirmed', async () => {
    const res = await create({
      email: 'Asha@Example.com',
      frequency: 'weekly',
      query: { city: 'Pune', q: 'therapist' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: alertMessages.created,
      confirmationSent: true,
      alert: { email: 'asha@example.com', status: 'pending', frequency: 'weekly', nextDigestAt: null },
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe('asha@example.com');
    expect(mail!.subject).toBe('Confirm your job alert');
    expect(mail!.text).toContain('“therapist”, in Pune');
    const token = tokenOf(mail!.text);
    expect(token.length).toBeGreaterThan(30);
    // Stored hashed: the token itself is nowhere in the table.
    const [row] = await alertRows();
    expect(row!.confirm_token_hash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.next_due_at).toBeNull();
    // Not due however late it gets.
    const run = await t.app.ctx.alertScheduler.runOnce(Date.now() + 30 * DAY);
    expect(run.claimed).toBe(0);

    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: alertMessages.confirmed, alert: { status: 'active' } });
    expect(ok.json().alert.nextDigestAt).toMatch(/T02:30:00.000Z$/);

    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: alertMessages.tokenUsed });

    const wrong = await confirm('not-a-real-token-at-all');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(alertMessages.tokenInvalid);

    // A later alert for the confirmed address starts at once, without another e-mail.
    const second = await create({
      email: 'asha@example.com',
      query: { city: 'Pune', category: 'Spa Manager' },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      confirmationSent: false,
      message: alertMessages.createdConfirmed,
      alert: { status: 'active' },
    });
    await t.app.ctx.mailer.flush();
    expect(smtp.mails).toHaveLength(1);
  });

  it('refuses an expired link with its own message, and confirming one alert starts the others waiting', async () => {
    await create({ email: 'ravi@example.com', query: { city: 'Pune' } });
    await create({ email: 'ravi@example.com', query: { state: 'Maharashtra' } });
    // Mail sent at once may arrive in either order: each is known by its search.
    const mails = await smtp.waitFor(2);
    const first = tokenOf(mails.find((m) => m.text.includes('Pune'))!.text);
    const second = tokenOf(mails.find((m) => !m.text.includes('Pune'))!.text);
    await t.database.db
      .updateTable('job_alerts')
      .set({ confirm_expires_at: Date.now() - 1 })
      .where('query', 'like', '%Pune%')
      .execute();
    const expired = await confirm(first!);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(alertMessages.tokenExpired);
    expect((await alertRows()).map((r) => r.status)).toEqual(['pending', 'pending']);
    const ok = await confirm(second!);
    expect(ok.statusCode).toBe(200);
    expect((await alertRows()).map((r) => r.status)).toEqual(['active', 'active']);
  });

  it('writes the e-mails in Hindi for a Hindi browser', async () => {
    const res = await create(
      { email: 'meena@example.com', query: { city: 'Pune' } },
      { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    );
    expect(res.json().alert.language).toBe('hi');
    expect(res.json().message).toBe(alertMessagesHi.created);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('अपना जॉब अलर्ट कन्फ़र्म करें');
    expect(mail!.text).toContain('Pune में');
    // The link opens the Hindi page.
    expect(mail!.text).toContain('http://localhost:3000/hi/alerts/confirm?token=');
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/v1/alerts/confirm',
      payload: { token: tokenOf(mail!.text) },
      headers: { 'accept-language': 'hi' },
    });
    expect(c.json().message).toBe(alertMessagesHi.confirmed);

    // And its digests are Hindi too, with Indian formats and Hindi pages.
    const id = Number(res.json().alert.id);
    const now = Date.now();
    await dueSinceYesterday(now, id);
    const jobId = await insertJob(t.database, spaId, {
      title: 'Hindi Therapist',
      city: 'Pune',
      posted_at: now - 60_000,
    });
    smtp.mails.length = 0;
    expect(await t.app.ctx.alertScheduler.runOnce(now)).toMatchObject({ sent: 1 });
    const [digest] = await smtp.waitFor(1);
    expect(digest!.subject).toBe('1 नई स्पा जॉब: Pune में');
    expect(digest!.text).toContain('आपके जॉब अलर्ट (Pune में) की नई जॉब:');
    expect(digest!.text).toContain(`http://localhost:3000/hi/job/${jobId}`);
    expect(digest!.text).toContain('http://localhost:3000/hi/alerts/unsubscribe?token=');
    expect(digest!.html).toContain('<html lang="hi">');
    // Mostly Devanagari, so both parts go as base64 (four characters a letter, not quoted-printable's nine).
    expect(digest!.raw.match(/^Content-Transfer-Encoding: base64$/gim)).toHaveLength(2);
    expect(digest!.raw).not.toMatch(/quoted-printable/i);
    // Closed again, so that the other tests' digests do not list it.
    await t.database.db
      .updateTable('jobs')
      .set({ is_active: 0, status: 'closed' })
      .where('id', '=', jobId)
      .execute();
  });

  it('asks again in the language of the new request when the same search is asked for twice', async () => {
    const first = await create({
      email: 'twice.lang@example.com',
      query: { city: 'Pune', salaryMin: 120000 },
    });
    expect(first.json().alert.language).toBe('en');
    const again = await create(
      { email: 'twice.lang@example.com', query: { city: 'Pune', salaryMin: 120000 } },
      { 'accept-language': 'hi' },
    );
    expect(again.json().alert.language).toBe('hi');
    const mails = await smtp.waitFor(2);
    // The two may arrive in either order.
    expect(mails.map((m) => m.subject).sort()).toEqual(['Confirm your job alert', 'अपना जॉब अलर्ट कन्फ़र्म करें']);
    const hindi = mails.find((m) => m.subject === 'अपना जॉब अलर्ट कन्फ़र्म करें')!;
    const english = mails.find((m) => m.subject === 'Confirm your job alert')!;
    // Lakh grouping.
    expect(hindi.text).toContain('₹1,20,000+ महीना');
    expect(english.text).toContain('₹1,20,000+ a month');
  });
});

describe('bad input', () => {
  it('answers each with a clear message and saves nothing', async () => {
    const cases: [object, number, string][] = [
      [{ email: 'not-an-email', query: {} }, 400, 'Please enter a valid email address'],
      [{ email: 'a@example.com', query: { city: 'Atlantis' } }, 400, alertMessages.cityUnknown],
      [
        { email: 'a@example.com', query: { lat: 18.5, lng: 73.8, radius: 150 } },
        400,
        alertMessages.radiusOutOfRange,
      ],
      [
        { email: 'a@example.com', query: { lat: 18.5, lng: 73.8, radius: 0 } },
        400,
        alertMessages.radiusOutOfRange,
      ],
      [{ email: 'a@example.com', query: { radius: 10 } }, 400, alertMessages.nearNeedsPlace],
      [{ email: 'a@example.com', frequency: 'hourly', query: {} }, 400, alertMessages.frequencyInvalid],
    ];
    for (const [payload, status, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.fields ? Object.values(body.fields) : [body.message]).toContain(message);
    }
    expect(await alertRows()).toHaveLength(0);
    await t.app.ctx.mailer.flush();
    expect(smtp.mails).toHaveLength(0);
  });

  it(`refuses an eleventh alert for an address, and the same search twice`, async () => {
    for (let i = 0; i < MAX_ALERTS_PER_EMAIL; i++) {
      const res = await create({ email: 'many@example.com', query: { city: 'Pune', salaryMin: 10_000 + i } });
      expect(res.statusCode).toBe(201);
    }
    const eleventh = await create({ email: 'many@example.com', query: { city: 'Pune', q: 'manager' } });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(alertMessages.tooMany);
    expect(await alertRows()).toHaveLength(MAX_ALERTS_PER_EMAIL);

    await t.database.db.deleteFrom('job_alerts').execute();
    await t.database.db
      .insertInto('alert_addresses')
      .values({ email: 'twice@example.com', confirmed_at: Date.now() })
      .execute();
    expect((await create({ email: 'twice@example.com', query: { city: 'Pune' } })).statusCode).toBe(201);
    const twice = await create({ email: 'twice@example.com', query: { city: 'pune' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(alertMessages.duplicate);
  });
});

describe('digests', () => {
  it('sends the newest ten open jobs since the mark, with one-click unsubscribe, then nothing until more are new', async () => {
    const id = await confirmedAlert('digest@example.com', { city: 'Pune', q: 'therapist' });
    smtp.mails.length = 0;
    const now = Date.now();
    // The mark is the moment of confirming: move it back a day and post jobs since.
    await dueSinceYesterday(now, id);
    await insertJob(t.database, spaId, { title: 'Old Therapist', city: 'Pune', posted_at: now - 2 * DAY });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await insertJob(t.database, spaId, {
          title: `Therapist ${i}`,
          city: 'Pune',
          posted_at: now - 3_600_000 + i * 1000,
        }),
      );
    }
    await insertJob(t.database, spaId, {
      title: 'Closed Therapist',
      city: 'Pune',
      posted_at: now - 600_000,
      is_active: 0,
      status: 'closed',
    });
    await insertJob(t.database, spaId, {
      title: 'Therapist elsewhere',
      city: 'Mumbai',
      state: 'Maharashtra',
      posted_at: now - 600_000,
    });
    await insertJob(t.database, spaId, {
      title: 'Receptionist',
      city: 'Pune',
      description: 'Front desk',
      posted_at: now - 600_000,
    });

    const run = await t.app.ctx.alertScheduler.runOnce(now);
    expect(run).toMatchObject({ claimed: 1, sent: 1, empty: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe('digest@example.com');
    expect(mail!.subject).toBe('10+ new spa jobs: “therapist”, in Pune');
    const listed = [...mail!.text.matchAll(/\/job\/(\d+)/g)].map((m) => Number(m[1]));
    expect(listed).toEqual(ids.slice(2).reverse());
    expect(mail!.text).not.toContain('Closed Therapist');
    expect(mail!.text).not.toContain('Old Therapist');
    expect(mail!.text).not.toContain('elsewhere');
    expect(mail!.text).toContain('See all matching jobs: http://localhost:3000/jobs?q=therapist&city=Pune');
    // RFC 8058: an https-or-http URL and a mailto, and the one-click POST header; a visible link too.
    const listUnsubscribe = mail!.header('List-Unsubscribe')!;
    expect(listUnsubscribe).toMatch(
      /^<http:\/\/localhost:3000\/api\/v1\/alerts\/unsubscribe\?token=[^>]+>, <mailto:unsubscribe@spajobs\.example\?subject=[^>]+>$/,
    );
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // English with a few symbols (₹, —) stays readable as quoted-printable.
    expect(mail!.raw).toMatch(/^Content-Transfer-Encoding: quoted-printable$/im);
    expect(mail!.text).toMatch(
      /Unsubscribe from this alert: http:\/\/localhost:3000\/alerts\/unsubscribe\?token=/,
    );
    expect(mail!.html).toContain('/alerts/unsubscribe?token=');
    expect(mail!.messageId).toMatch(new RegExp(`^<alert-${id}-\\d+@spajobs\\.example>$`));

    const row = await t.database.db
      .selectFrom('job_alerts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.digests_sent)).toBe(1);
    expect(Number(row.hwm_at)).toBeGreaterThanOrEqual(now - 60_000 - 1);
    expect(row.lease_owner).toBeNull();
    const due = Number(row.next_due_at);
    expect(due).toBeGreaterThan(now);

    // Next morning: nothing new, no mail, the mark moves on.
    const quiet = await t.app.ctx.alertScheduler.runOnce(due + 1000);
    expect(quiet).toMatchObject({ claimed: 1, sent: 0, empty: 1 });
    await t.app.ctx.mailer.flush();
    expect(smtp.mails).toHaveLength(1);

    // One more job: only it is sent.
    const row2 = await t.database.db
      .selectFrom('job_alerts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const fresh = await insertJob(t.database, spaId, {
      title: 'Therapist new',
      city: 'Pune',
      posted_at: Number(row2.hwm_at) + 5000,
    });
    const later = await t.app.ctx.alertScheduler.runOnce(Number(row2.next_due_at) + 1000);
    expect(later.sent).toBe(1);
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.subject).toBe('1 new spa job: “therapist”, in Pune');
    expect([...mails[1]!.text.matchAll(/\/job\/(\d+)/g)].map((m) => Number(m[1]))).toEqual([fresh]);
  });

  it('unsubscribes in one POST without signing in, at once; a GET only shows the page', async () => {
    const id = await confirmedAlert('unsub@example.com', { city: 'Pune' });
    smtp.mails.length = 0;
    const now = Date.now();
    await dueSinceYesterday(now, id);
    await insertJob(t.database, spaId, { city: 'Pune', posted_at: now - 120_000 });
    await t.app.ctx.alertScheduler.runOnce(now);
    const [mail] = await smtp.waitFor(1);
    const url = new URL(/<(http[^>]+)>/.exec(mail!.header('List-Unsubscribe')!)![1]!);

    const get = await t.app.inject({ url: url.pathname + url.search });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/alerts/unsubscribe${url.search}`);
    // A visitor of the Hindi site lands on the Hindi page.
    const getHindi = await t.app.inject({ url: url.pathname + url.search, headers: { cookie: 'lang=hi' } });
    expect(getHindi.headers.location).toBe(`/hi/alerts/unsubscribe${url.search}`);
    expect(await alertRows()).toHaveLength(1);

    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/alerts/unsubscribe?token=${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(alertMessages.tokenInvalid);

    const post = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().message).toBe(alertMessages.unsubscribed);
    expect(await alertRows()).toHaveLength(0);
    const again = await t.app.inject({ method: 'POST', url: url.pathname + url.search });
    expect(again.statusCode).toBe(200);
  });

  it('tries again after a temporary SMTP failure and keeps the digest due when every try fails', async () => {
    const id = await confirmedAlert('retry@example.com', { city: 'Pune' });
    smtp.mails.length = 0;
    const now = Date.now();
    await dueSinceYesterday(now, id);
    await insertJob(t.database, spaId, { city: 'Pune', posted_at: now - 120_000 });
    smtp.answer = (_m, n) => (n <= 2 ? 'temp' : 'accept');
    const seenBefore = 0;
    const ok = await t.app.ctx.alertScheduler.runOnce(now);
    expect(ok.sent).toBe(1);
    expect(smtp.mails).toHaveLength(seenBefore + 1);

    smtp.mails.length = 0;
    await dueSinceYesterday(now, id);
    smtp.answer = () => 'temp';
    const failed = await t.app.ctx.alertScheduler.runOnce(now);
    expect(failed).toMatchObject({ sent: 0, failed: 1 });
    const row = await t.database.db
      .selectFrom('job_alerts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.hwm_at)).toBe(now - DAY);
    expect(Number(row.next_due_at)).toBeGreaterThan(now);
    expect(row.lease_owner).toBeNull();
  });
});

describe('sending batch after batch', () => {
  it('a digest slow to be taken holds up no other: the senders go on to the batches claimed after it', async () => {
    const now = Date.now();
    const ids = await dueWithNewJob('b', 12, now);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let first = true;
    smtp.answer = () => {
      if (!first) return 'accept';
      first = false;
      return gate.then(() => 'accept' as const);
    };
    const scheduler = createAlertScheduler({
      alerts: new AlertRepository(t.database),
      mailer: t.app.ctx.mailer,
      config: { ...t.config, alerts: { ...t.config.alerts, batch: 3, concurrency: 4 } },
      log: () => undefined,
    });
    const run = scheduler.runOnce(now);
    // Four batches of three: while the first digest waits for its answer, the other eleven arrive.
    await smtp.waitFor(11);
    release();
    const stats = await run;
    expect(stats).toMatchObject({ claimed: 12, sent: 12, failed: 0, lost: 0 });
    expect(new Set(smtp.mails.map((m) => m.to)).size).toBe(12);
    const rows = (await alertRows()).filter((r) => ids.includes(Number(r.id)));
    expect(rows.every((r) => r.last_sent_at !== null && Number(r.next_due_at) > now)).toBe(true);
  });
});

describe('a run whose database fails part-way', () => {
  it('hands back every alert it had not marked, and the next run sends them', async () => {
    const now = Date.now();
    const ids = await dueWithNewJob('f', 12, now);
    // The third statement that marks digests sent fails, as one would on a dropped connection.
    const alerts = new AlertRepository(t.database);
    let marks = 0;
    const failing = Object.assign(Object.create(alerts) as AlertRepository, {
      markSent: (digests: Parameters<AlertRepository['markSent']>[0], owner: string) =>
        ++marks === 3 ? Promise.reject(new Error('connection lost')) : alerts.markSent(digests, owner),
    });
    const config = { ...t.config, alerts: { ...t.config.alerts, batch: 3, concurrency: 2 } };
    const scheduler = createAlertScheduler({
      alerts: failing,
      mailer: t.app.ctx.mailer,
      config,
      log: () => undefined,
    });
    await expect(scheduler.runOnce(now)).rejects.toThrow('connection lost');
    const after = (await alertRows()).filter((r) => ids.includes(Number(r.id)));
    // Nothing is left leased: each alert was marked sent, or is due again at once with its old mark.
    expect(after.every((r) => r.lease_owner === null)).toBe(true);
    const unsent = after.filter((r) => r.last_sent_at === null);
    expect(unsent.length).toBeGreaterThan(0);
    expect(unsent.every((r) => Number(r.next_due_at) <= now && Number(r.hwm_at) === now - DAY)).toBe(true);
    // The next run sends what was handed back, and every alert ends marked.
    const again = createAlertScheduler({ alerts, mailer: t.app.ctx.mailer, config, log: () => undefined });
    expect((await again.runOnce(now)).sent).toBe(unsent.length);
    expect(
      (await alertRows()).filter((r) => ids.includes(Number(r.id))).every((r) => r.last_sent_at !== null),
    ).toBe(true);
  });
});

describe('two schedulers at once', () => {
  it('send each digest exactly once', async () => {
    const now = Date.now();
    await dueWithNewJob('s', 40, now);
    // Each scheduler on its own connection (pool), as two processes would be.
    const other: Db =
      t.engine === 'postgres'
        ? await createDb({ databaseUrl: TEST_PG_URL, pgSchema: await currentSchema(), poolSize: 4 })
        : await createDb({ sqliteFile: `${t.config.dataDir}/test.db`, readWorkers: 1 });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'x@spajobs.example',
      outboxDir: t.config.outboxDir,
      log: () => undefined,
    });
    const config = { ...t.config, alerts: { ...t.config.alerts, batch: 7 } };
    // The first scheduler's first digest waits until the second has sent one (at most 10 s), so the
    // second is sure to claim alerts while the first holds its own, however the two are scheduled.
    let secondSent!: () => void;
    const gate = new Promise<void>((resolve) => {
      secondSent = resolve;
      setTimeout(resolve, 10_000).unref();
    });
    const appMailer = t.app.ctx.mailer;
    const a = createAlertScheduler({
      alerts: new AlertRepository(t.database),
      mailer: Object.assign(Object.create(appMailer) as Mailer, {
        deliver: async (m: MailMessage) => {
          await gate;
          return appMailer.deliver(m);
        },
      }),
      config,
      log: () => undefined,
    });
    const b = createAlertScheduler({
      alerts: new AlertRepository(other),
      mailer: Object.assign(Object.create(mailer) as Mailer, {
        deliver: async (m: MailMessage) => {
          await mailer.deliver(m);
          secondSent();
        },
      }),
      config,
      log: () => undefined,
    });
    const [ra, rb] = await Promise.all([a.runOnce(now), b.runOnce(now)]);
    mailer.close();
    await other.destroy();
    expect(ra.sent + rb.sent).toBe(40);
    expect(ra.sent).toBeGreaterThan(0);
    expect(rb.sent).toBeGreaterThan(0);
    const to = smtp.mails.map((m) => m.to).sort();
    expect(to).toHaveLength(40);
    expect(new Set(to).size).toBe(40);
  });
});

async function currentSchema(): Promise<string> {
  const { sql } = await import('kysely');
  const r = await sql<{ s: string }>`select current_schema() as s`.execute(t.database.db);
  return r.rows[0]!.s;
}

describe('signed-in candidates', () => {
  it('list, pause, resume, change frequency and delete their own alerts only', async () => {
    const me = await registerCandidate(t.app, { email: 'cand@example.com', phone: '9811111111' });
    const other = await registerCandidate(t.app, { email: 'other@example.com', phone: '9822222222' });
    const created = await create({ email: 'cand@example.com', query: { city: 'Pune' } }, me.headers);
    const id = created.json().alert.id as string;
    await create({ email: 'someone@example.com', query: { city: 'Pune' } });

    const list = await t.app.inject({ url: '/api/v1/alerts', headers: me.headers });
    expect(list.json().alerts.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await t.app.inject({ url: '/api/v1/alerts' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/alerts', headers: other.headers })).json().alerts).toEqual([]);

    const patch = (body: object, headers = me.headers) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/alerts/${id}`, payload: body, headers });
    expect((await patch({ paused: true }, other.headers)).statusCode).toBe(404);
    // A pending alert stays pending until confirmed; once confirmed it can be paused.
    await confirm(tokenOf((await mailTo('cand@example.com')).text));
    const paused = await patch({ paused: true });
    expect(paused.json().alert).toMatchObject({ status: 'paused', nextDigestAt: null });
    const resumed = await patch({ paused: false, frequency: 'weekly' });
    expect(resumed.json().alert).toMatchObject({ status: 'active', frequency: 'weekly' });
    expect(new Date(resumed.json().alert.nextDigestAt).getUTCDay()).toBe(1);
    expect((await patch({})).statusCode).toBe(400);

    const delOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/alerts/${id}`,
      headers: other.headers,
    });
    expect(delOther.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/alerts/${id}`, headers: me.headers });
    expect(del.json().message).toBe(alertMessages.deleted);
    expect((await t.app.inject({ url: '/api/v1/alerts', headers: me.headers })).json().alerts).toEqual([]);
  });
});

describe('marking digests sent', () => {
  it('writes each alert its own mark in one statement, only where the lease is still ours', async () => {
    const now = Date.now();
    const repo = t.app.ctx.alerts;
    const ids = await activeAlerts('m', 3, now);
    await dueSinceYesterday(now);
    const claimed = await repo.claimDue('owner-a', now, 60_000, 10);
    expect(claimed.map((r) => Number(r.id)).sort()).toEqual([...ids].sort());
    // The third alert's lease ran out and another scheduler took it.
    await t.database.db
      .updateTable('job_alerts')
      .set({ lease_owner: 'owner-b' })
      .where('id', '=', ids[2]!)
      .execute();

    const marked = await repo.markSent(
      ids.map((id, i) => ({ id, hwmAt: now - i * 1000, nextDueAt: now + DAY + i, sentAt: now + i })),
      'owner-a',
    );
    expect([...marked].sort()).toEqual([ids[0], ids[1]].sort());
    const rows = new Map((await alertRows()).map((r) => [Number(r.id), r]));
    for (const i of [0, 1]) {
      const row = rows.get(ids[i]!)!;
      expect(Number(row.hwm_at)).toBe(now - i * 1000);
      expect(Number(row.next_due_at)).toBe(now + DAY + i);
      expect(Number(row.last_sent_at)).toBe(now + i);
      expect(Number(row.digests_sent)).toBe(1);
      expect(row.lease_owner).toBeNull();
    }
    const taken = rows.get(ids[2]!)!;
    expect(taken.lease_owner).toBe('owner-b');
    expect(Number(taken.digests_sent)).toBe(0);
    expect(Number(taken.hwm_at)).toBe(now - DAY);
    expect(await repo.markSent([], 'owner-a')).toEqual(new Set());
  });
});
