import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An app server configured to sign in through the test provider: the same
 * production build as the main test server, its own empty SQLite file. The
 * main test server keeps no provider configured, as a fresh install does.
 */
export interface OAuthAppServer {
  baseURL: string;
  stop(): Promise<void>;
}

export async function startOAuthAppServer(
  port: number,
  providerEnv: Record<string, string>,
): Promise<OAuthAppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `spajobs-oauth-${port}-`));
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...providerEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMITS: 'off',
      PUBLIC_BASE_URL: baseURL,
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('app server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
