import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages as m } from '@spajobs/contract/messages';
import { PASSWORD } from '../fixtures/accounts.ts';
import type { ServerProcess } from '../server-process.ts';
import {
  call,
  createInstallation,
  OwnRedis,
  signIn,
  sleep,
  startInstances,
  waitFor,
  type Installation,
} from './cluster.ts';

/**
 * Redis goes away under two instances and comes back: pages, applications
 * and messages keep working, sign-in refuses rather than go unguarded, and
 * everything is shared again within seconds of Redis's return, by itself.
 */
let redis: OwnRedis;
let inst: Installation;
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  redis = await OwnRedis.create();
  await redis.start();
  inst = await createInstallation(redis.url);
  [a, b] = (await startInstances(inst, 2)) as [ServerProcess, ServerProcess];
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await inst?.close();
  await redis?.stop();
});

let lastOctet = 0;
const newIp = () => `192.0.2.${++lastOctet}`;

interface JobList {
  data: { _id: string }[];
}

async function spaListing() {
  const spa = await inst.database.db
    .selectFrom('spas')
    .select('name')
    .where('id', '=', inst.employer.spaId)
    .executeTakeFirstOrThrow();
  return `/api/v1/jobs?spa=${encodeURIComponent(spa.name)}&page=1&limit=20`;
}

const listed = async (server: ServerProcess, url: string) => {
  const res = await call(server, url);
  expect(res.status).toBe(200);
  return { ids: ((await res.json()) as JobList).data.map((j) => j._id), cache: res.headers.get('x-cache') };
};

async function openJobs(): Promise<string[]> {
  const rows = await inst.database.db
    .selectFrom('jobs')
    .select('id')
    .where('spa_id', '=', inst.employer.spaId)
    .where('is_active', '=', 1)
    .orderBy('posted_at', 'desc')
    .execute();
  return rows.map((r) => String(r.id));
}

async function closeJob(server: ServerProcess, token: string, id: string) {
  const res = await call(server, `/api/v1/employer/jobs/${id}/close`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
}

const employerLogin = (server: ServerProcess, ip: string) =>
  call(server, '/api/v1/employer/login', { body: { login: inst.employer.email, password: PASSWORD }, ip });

describe('Redis unavailable', () => {
  it('keeps serving what needs no Redis, refuses sign-in, and recovers by itself', async () => {
    const listing = await spaListing();
    const token = await signIn(a, inst.employer.email, newIp());
    const [first, second, third] = await openJobs();
    expect(third).toBeDefined();

    // Before: cached on B (kept from its second asking), shared limits work.
    await listed(b, listing);
    await listed(b, listing);
    expect((await listed(b, listing)).cache).toBe('hit');

    await redis.stop();
    const outageStarted = Date.now();
    // Whatever arrives meanwhile: reads, a contact message and a guest application succeed on both
    // instances, without waiting on Redis; sign-in answers 503 at once.
    const results: { what: string; status: number; ms: number }[] = [];
    const timed = async (what: string, send: () => Promise<Response>) => {
      const t0 = Date.now();
      const res = await send();
      results.push({ what, status: res.status, ms: Date.now() - t0 });
      return res;
    };
    let n = 0;
    while (Date.now() - outageStarted < 3000) {
      n++;
      for (const server of [a, b]) {
        await timed('listing', () => call(server, listing));
        await timed('job page', () => call(server, `/api/v1/jobs/${first}`));
        await timed('stats', () => call(server, '/api/v1/stats'));
      }
      await timed('contact message', () =>
        call(n % 2 ? a : b, '/api/v1/messages', {
          body: {
            name: 'Priya Raman',
            email: `priya.${n}@example.in`,
            subject: 'jobs',
            message: 'Is the therapist job still open for applications?',
          },
          ip: newIp(),
        }),
      );
    }
    const guest = new FormData();
    guest.set('job', String(second));
    guest.set('guestInfo[name]', 'Anita Das');
    guest.set('guestInfo[phone]', '9812345678');
    const applied = await timed('guest application', () =>
      fetch(`${a.baseUrl}/api/v1/application/apply/guest`, { method: 'POST', body: guest }),
    );
    expect(applied.status, await applied.clone().text()).toBe(201);
    for (const r of results) {
      expect(r.status, r.what).toBeLessThan(300);
      expect(r.ms, r.what).toBeLessThan(1500);
    }
    const refused = await employerLogin(b, newIp());
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toBe(m.serviceUnavailable);
    const candidate = await call(a, '/api/v1/users/login', {
      body: { login: 'someone@example.in', password: 'whatever-it-is' },
      ip: newIp(),
    });
    expect(candidate.status).toBe(503);

    // News of a change cannot travel meanwhile, so B answers listings from the database.
    await closeJob(a, token, first!);
    expect((await listed(b, listing)).ids).not.toContain(first);
    expect(a.alive() && b.alive()).toBe(true);
    expect(a.output() + b.output()).toMatch(/Redis .* unavailable/);

    // Back: sign-in and shared caches work again within seconds, with nothing restarted.
    await redis.start();
    const recoveredMs = await waitFor(
      async () =>
        (await employerLogin(a, newIp())).status === 200 && (await employerLogin(b, newIp())).status === 200,
      5000,
      100,
    );
    expect(recoveredMs).toBeLessThan(5000);
    await waitFor(async () => {
      await listed(b, listing);
      await listed(b, listing);
      return (await listed(b, listing)).cache === 'hit';
    }, 5000);
    expect((await listed(b, listing)).ids).toContain(second);
    await closeJob(a, token, second!);
    await waitFor(async () => !(await listed(b, listing)).ids.includes(second!), 1000);
    // Limits count in Redis again: failures on A are known on B.
    const ip = newIp();
    for (let i = 0; i < 6; i++) {
      await call(i % 2 ? a : b, '/api/v1/employer/login', {
        body: { login: inst.employer.email, password: 'not-the-password' },
        ip,
      });
    }
    expect((await employerLogin(b, ip)).status).toBe(429);
    await sleep(50);
  }, 90_000);
});
