import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * A second server for empty and error states: same web build, its own
 * SQLite file with no demo data. With `broken`, its spa, job and contact
 * message tables, the spas' name index (which alone counts a spa search by
 * name) and the open jobs by place (which alone give the job summaries) are
 * taken away before it serves (so no cache holds an answer), and
 * every read of spas or jobs and every contact message fails on the server
 * for real.
 */
export interface SpareServer {
  baseURL: string;
  stop(): Promise<void>;
}

function launch(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'off',
    },
  });
}

async function waitReady(baseURL: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('spare server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function startSpareServer(port: number, { broken }: { broken: boolean }): Promise<SpareServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `spajobs-spare-${port}-`));
  const baseURL = `http://localhost:${port}`;
  let child = launch(port, dataDir);
  await waitReady(baseURL);
  if (broken) {
    // The first start created the tables; take them away, then serve again.
    await halt(child);
    const db = new Database(path.join(dataDir, 'spajobs.db'));
    db.exec(
      'ALTER TABLE jobs RENAME TO jobs_gone; ALTER TABLE job_place_counts RENAME TO job_place_counts_gone; ALTER TABLE spas RENAME TO spas_gone; ALTER TABLE spas_fts RENAME TO spas_fts_gone; ALTER TABLE contact_messages RENAME TO contact_messages_gone;',
    );
    db.close();
    child = launch(port, dataDir);
    await waitReady(baseURL);
  }
  return {
    baseURL,
    stop: async () => {
      await halt(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
