import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../src/config.ts';

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  /** True while the process has not exited. */
  alive(): boolean;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A free TCP port on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The real server (`apps/api/src/main.ts`, as `npm run serve` starts it) in a
 * process of its own on a free port, ready once /healthz answers.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      RATE_LIMITS: 'off',
      // One process unless a test asks for a cluster.
      WEB_CONCURRENCY: '1',
      WEB_DIST_DIR: path.join(repoRoot, 'apps/web/no-build-here'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`The server exited while starting:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start in time:\n${out}`);
    }
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    baseUrl,
    output: () => out,
    alive,
    async stop(signal = 'SIGTERM') {
      if (!alive()) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      await exited;
    },
  };
}
