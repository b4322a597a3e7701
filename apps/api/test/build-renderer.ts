import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../src/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server renderer built from the web app's source, as `npm run build` makes it. */
    rendererEntry: string;
  }
}

/**
 * Builds the server renderer once for the API's tests. Pages render on threads of their own, which load
 * the built module as production does; it is written inside the repository so that its imports find
 * the installed packages.
 */
export default async function setup(project: TestProject) {
  const outDir = fs.mkdtempSync(path.join(repoRoot, 'node_modules/.cache-test-renderer-'));
  await build({
    root: path.join(repoRoot, 'apps/web'),
    configFile: path.join(repoRoot, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir, emptyOutDir: true },
  });
  project.provide('rendererEntry', path.join(outDir, 'entry-server.js'));
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
