import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { startTestProvider, type TestProvider } from '../../../../e2e/oidc/provider.mjs';
import { LIMITS } from '../../src/plugins/rate-limit.ts';
import { LOGIN_THROTTLE } from '../../src/lib/login-throttle.ts';
import { PASSWORD } from '../fixtures/accounts.ts';
import type { ServerProcess } from '../server-process.ts';
import {
  call,
  createInstallation,
  PUBLIC_BASE_URL,
  signIn,
  sleep,
  startInstances,
  waitFor,
  type Installation,
} from './cluster.ts';

/**
 * Two API processes over one PostgreSQL database and the machine's Redis, as
 * behind a load balancer: whatever one of them knows, the other must too.
 */
const DIGEST_SWEEP_MS = 300;

let idp: TestProvider;
let inst: Installation;
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  idp = await startTestProvider({ appBaseUrls: [PUBLIC_BASE_URL] });
  inst = await createInstallation();
  [a, b] = (await startInstances(inst, 2, {
    ...idp.appEnv,
    DIGEST_SWEEP_MS: String(DIGEST_SWEEP_MS),
  })) as [ServerProcess, ServerProcess];
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await inst?.close();
  await idp?.close();
});

let lastOctet = 0;
const newIp = () => `198.51.100.${++lastOctet}`;

const wrongPassword = (server: ServerProcess, login: string, ip: string) =>
  call(server, '/api/v1/users/login', { body: { login, password: 'not-the-password' }, ip });

describe('sign-in limits across instances', () => {
  it('counts failed sign-ins sent to either instance against one limit', async () => {
    const ip = newIp();
    // A different unknown account each time, so that only the per-address limit counts them.
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) {
      const res = await wrongPassword(i % 2 ? b : a, `nobody.${i}.${lastOctet}@example.in`, ip);
      expect(res.status, `try ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      const res = await wrongPassword(server, `one.more.${lastOctet}@example.in`, ip);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { message: string }).message).toBe(m.tooManyRequests);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address is not held back.
    expect((await wrongPassword(a, `someone@example.in`, newIp())).status).toBe(401);
  });

  it('slows an address down on one instance after failures sent to the other', async () => {
    const ip = newIp();
    const login = `kavya.${lastOctet}@example.in`;
    // The free failures and the first slowed one, alternating between the instances.
    for (let i = 0; i <= LOGIN_THROTTLE.freeFailures; i++) {
      expect((await wrongPassword(i % 2 ? b : a, login, ip)).status, `try ${i + 1}`).toBe(401);
    }
    // Waits double: after the next two failures the address waits four seconds.
    await sleep(LOGIN_THROTTLE.baseDelayMs + 100);
    expect((await wrongPassword(b, login, ip)).status).toBe(401);
    await sleep(2 * LOGIN_THROTTLE.baseDelayMs + 100);
    expect((await wrongPassword(a, login, ip)).status).toBe(401);
    for (const server of [b, a]) {
      const res = await wrongPassword(server, login, ip);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(1);
    }
    // The owner of an account, from another address, is never held back by it.
    const owner = await call(b, '/api/v1/employer/login', {
      body: { login: inst.employer.email, password: PASSWORD },
      ip: newIp(),
    });
    expect(owner.status).toBe(200);
  });
});

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
      const expired = attrs.some((x) => /max-age=0\b/i.test(x.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Plays the person at the provider until it sends the browser back to the site. */
async function atProvider(location: string, email: string): Promise<string> {
  const jar = new Jar();
  let url = location;
  for (let hops = 0; hops < 10; hops++) {
    if (url.startsWith(PUBLIC_BASE_URL)) return url;
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status === 200 && /\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
      const form = new URLSearchParams({
        email,
        given_name: 'Kavya',
        family_name: 'Iyer',
        email_verified: 'true',
      });
      res = await fetch(`${url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      jar.take(res);
    }
    const next = res.headers.get('location');
    if (!next) throw new Error(`provider stopped at ${url}: ${res.status}`);
    url = new URL(next, url).href;
  }
  throw new Error('too many redirects at the provider');
}

describe('external sign-in across instances', () => {
  it('finishes on one instance a sign-in that started on the other', async () => {
    const email = `kavya.oauth.${process.pid}@example.in`;
    const started = await call(a, '/api/v1/auth/google/start');
    expect(started.status).toBe(302);
    const cookie = started.headers.getSetCookie()[0]!.split(';')[0]!;
    const back = await atProvider(started.headers.get('location')!, email);
    // The load balancer sends the provider's redirect to the other instance.
    const callback = await call(b, back.slice(PUBLIC_BASE_URL.length), { headers: { cookie } });
    expect(callback.status).toBe(302);
    const landed = new URL(callback.headers.get('location')!);
    expect(landed.pathname).toBe('/auth/callback');
    expect(landed.searchParams.get('oauthError')).toBeNull();
    // ...and the web app's exchange of the code lands on the first one again.
    const exchanged = await call(a, '/api/v1/auth/exchange', {
      body: { code: landed.searchParams.get('code') },
    });
    expect(exchanged.status).toBe(200);
    const session = (await exchanged.json()) as { token: string; email: string };
    expect(session.email).toBe(email);
    const profile = await call(b, '/api/v1/users/profile', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(profile.status).toBe(200);
  });
});

interface JobList {
  data: { _id: string }[];
}

describe('cached listings across instances', () => {
  it('drops a job closed through one instance from the other instance’s cached listing within a second', async () => {
    const spa = await inst.database.db
      .selectFrom('spas')
      .select('name')
      .where('id', '=', inst.employer.spaId)
      .executeTakeFirstOrThrow();
    const listing = `/api/v1/jobs?spa=${encodeURIComponent(spa.name)}&page=1&limit=20`;
    const ids = async (server: ServerProcess) => {
      const res = await call(server, listing);
      expect(res.status).toBe(200);
      return {
        ids: ((await res.json()) as JobList).data.map((j) => j._id),
        cache: res.headers.get('x-cache'),
      };
    };
    const jobOfSpa = await inst.database.db
      .selectFrom('jobs')
      .select('id')
      .where('spa_id', '=', inst.employer.spaId)
      .where('is_active', '=', 1)
      .orderBy('posted_at', 'desc')
      .executeTakeFirstOrThrow();
    const jobId = String(jobOfSpa.id);
    // B answers the listing from its cache, where it is kept from its second asking.
    await ids(b);
    await ids(b);
    const cached = await ids(b);
    expect(cached.cache).toBe('hit');
    expect(cached.ids).toContain(jobId);

    const token = await signIn(a, inst.employer.email, newIp());
    const closed = await call(a, `/api/v1/employer/jobs/${jobId}/close`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(closed.status).toBe(200);
    const tookMs = await waitFor(async () => !(await ids(b)).ids.includes(jobId), 1000);
    expect(tookMs).toBeLessThanOrEqual(1000);
  });
});

describe('scheduled work with two schedulers', () => {
  it('sends a waiting new-application digest once while both instances sweep', async () => {
    const { db } = inst.database;
    const outboxDir = path.join(inst.dataDir, 'outbox');
    const digestsTo = (to: string) =>
      (fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [])
        .map(
          (f) =>
            JSON.parse(fs.readFileSync(path.join(outboxDir, f), 'utf8')) as { to: string; subject: string },
        )
        .filter((mail) => mail.to === to);
    const job = await db
      .selectFrom('jobs')
      .select('id')
      .where('spa_id', '=', inst.employer.spaId)
      .executeTakeFirstOrThrow();
    // The spa heard from us within the hour, so three new applications wait for the sweep...
    const now = Date.now();
    await db.updateTable('spas').set({ digest_sent_at: now }).where('id', '=', inst.employer.spaId).execute();
    await db
      .insertInto('applications')
      .values(
        [1, 2, 3].map((n) => ({
          job_id: Number(job.id),
          user_id: null,
          guest_name: `Guest ${n}`,
          guest_email: `guest.${n}.${process.pid}@example.in`,
          guest_phone: null,
          resume: null,
          applied_at: now,
        })),
      )
      .execute();
    await sleep(DIGEST_SWEEP_MS * 4);
    expect(digestsTo(inst.employer.email)).toHaveLength(0);
    // ...until the hour is over: then exactly one e-mail goes, however many sweeps run.
    await db
      .updateTable('spas')
      .set({ digest_sent_at: now - 2 * 3600_000 })
      .where('id', '=', inst.employer.spaId)
      .execute();
    await waitFor(async () => digestsTo(inst.employer.email).length > 0, 10_000, 100);
    await sleep(DIGEST_SWEEP_MS * 10);
    const mails = digestsTo(inst.employer.email);
    expect(mails).toHaveLength(1);
    const waiting = await db
      .selectFrom('applications')
      .select('id')
      .where('job_id', '=', Number(job.id))
      .where('spa_notified_at', 'is', null)
      .execute();
    expect(waiting).toHaveLength(0);
    // Both instances took turns at the sweep: each claimed through the database.
    const run = await db
      .selectFrom('scheduled_runs')
      .selectAll()
      .where('name', '=', 'spa-new-application-digest')
      .executeTakeFirstOrThrow();
    expect(run.claimed_by).toMatch(/:\d+$/);
    expect(Number(run.next_run_at)).toBeGreaterThan(now);
  });
});
