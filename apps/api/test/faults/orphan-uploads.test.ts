import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedDemoData } from '../../src/demo/seed.ts';
import { pdf } from '../fixtures/files.ts';
import { TEST_PG_URL } from '../helpers.ts';
import { startServer, type ServerProcess } from '../server-process.ts';

/**
 * The real server killed with SIGKILL while guest applications with resumes
 * stream in, several times over; after a restart no file is left that no row
 * refers to, and no acknowledged application lost its file.
 */
const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spajobs-orphans-'));
const schema = `t_orphan_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const dbEnv: Record<string, string> =
  engine === 'postgres'
    ? { DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: schema }
    : { SQLITE_FILE: path.join(dataDir, 'spajobs.db') };
const GRACE_MS = 1000;
const resumesDir = path.join(dataDir, 'uploads/resumes');

const openDb = () =>
  engine === 'postgres'
    ? createDb({ databaseUrl: TEST_PG_URL, pgSchema: schema, poolSize: 2 })
    : createDb({ sqliteFile: dbEnv.SQLITE_FILE! });

let database: Db;
let jobIds: number[] = [];
beforeAll(async () => {
  database = await openDb();
  await migrateToLatest(database);
  await seedDemoData(database, { spas: 5, jobs: 40, seed: 11 });
  const rows = await database.db
    .selectFrom('jobs')
    .select('id')
    .where('is_active', '=', 1)
    .where('expires_at', 'is', null)
    .execute();
  jobIds = rows.map((r) => Number(r.id));
  await database.destroy();
}, 60_000);

afterAll(async () => {
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  startServer({ ...dbEnv, DATA_DIR: dataDir, ORPHAN_UPLOAD_GRACE_MS: String(GRACE_MS), RATE_LIMITS: 'off' });

let sent = 0;
function apply(server: ServerProcess) {
  const n = ++sent;
  const form = new FormData();
  form.set('job', String(jobIds[n % jobIds.length]));
  form.set('guestInfo[name]', `Guest ${n}`);
  form.set('guestInfo[email]', `guest.${n}@example.in`);
  form.set('resume', new Blob([pdf(`Resume ${n} `.repeat(2000))], { type: 'application/pdf' }), 'cv.pdf');
  return fetch(`${server.baseUrl}/api/v1/application/apply/guest`, { method: 'POST', body: form }).then(
    async (res) =>
      res.status === 201 ? ((await res.json()) as { applicationId: string }).applicationId : null,
    () => null,
  );
}

const storedFiles = () =>
  fs.existsSync(resumesDir) ? fs.readdirSync(resumesDir).filter((f) => /^[a-f0-9]{32}\./.test(f)) : [];

describe('uploads after kill -9', () => {
  it('leaves no orphan file after a restart, and no acknowledged resume without its file', async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round++) {
      const server = await start();
      const inFlight: Promise<string | null>[] = [];
      let firstAck: () => void = () => undefined;
      const acked = new Promise<void>((r) => (firstAck = r));
      const pump = setInterval(() => {
        for (let i = 0; i < 4; i++) inFlight.push(apply(server).then((id) => (id && firstAck(), id)));
      }, 15);
      // Killed while uploads are in flight, once the server has acknowledged some (a busy machine is slower).
      await Promise.race([acked, new Promise((r) => setTimeout(r, 20_000))]);
      await new Promise((r) => setTimeout(r, 100 + round * 150));
      await server.stop('SIGKILL');
      clearInterval(pump);
      for (const id of await Promise.all(inFlight)) if (id) acknowledged.push(id);
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    // A crash between writing a file and its row, made certain: a stored file no row names.
    fs.mkdirSync(resumesDir, { recursive: true });
    const planted = path.join(resumesDir, `${'ab'.repeat(16)}.pdf`);
    fs.writeFileSync(planted, pdf('never saved'));
    // Anything the storage did not name itself is not its to remove.
    const foreign = path.join(resumesDir, 'README.txt');
    fs.writeFileSync(foreign, 'kept by the operator');
    await new Promise((r) => setTimeout(r, GRACE_MS + 200));

    const server = await start();
    try {
      database = await openDb();
      const rows = await database.db.selectFrom('applications').select(['id', 'resume']).execute();
      const named = new Set(rows.map((r) => r.resume).filter((r): r is string => !!r));
      const files = storedFiles();
      // Every file left is named by a row...
      for (const f of files) expect(named.has(`/uploads/resumes/${f}`), f).toBe(true);
      expect(fs.existsSync(planted)).toBe(false);
      expect(fs.existsSync(foreign)).toBe(true);
      // ...and every acknowledged application still has its row and its file.
      const byId = new Map(rows.map((r) => [String(r.id), r.resume]));
      for (const id of acknowledged) {
        const resume = byId.get(id);
        expect(resume, id).toBeTruthy();
        expect(fs.existsSync(path.join(dataDir, resume!)), id).toBe(true);
      }
      expect(server.alive()).toBe(true);
    } finally {
      await database.destroy();
      await server.stop();
    }
  }, 120_000);
});
