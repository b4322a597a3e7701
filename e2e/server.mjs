// The server for browser tests: a fresh SQLite file with demo data, the production web build, rate limits relaxed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `spajobs-e2e-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
fs.writeFileSync(path.join(os.tmpdir(), `spajobs-e2e-data-dir-${port}`), dataDir);

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: process.env.E2E_RATE_LIMITS ?? 'off',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    // Two of the four social profiles, so the footer shows only those configured.
    SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/spajobs.example',
    SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/spajobs.example',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
