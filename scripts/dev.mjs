// Development: the API on :3000 restarting on change, and Vite on :5173 proxying /api to it.
import { spawn } from 'node:child_process';

const run = (cmd, args, opts = {}) => spawn(cmd, args, { stdio: 'inherit', ...opts });
const api = run(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/main.ts'], {
  env: { ...process.env, PORT: process.env.PORT ?? '3000' },
});
const web = run('npx', ['vite'], { cwd: 'apps/web' });
const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', stop);
web.on('exit', stop);
