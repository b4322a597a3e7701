import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One runner, four projects: the contract's unit tests, the API against
 * SQLite and against PostgreSQL (same test files, each file in its own
 * database or schema), and the web app's component tests.
 */
const apiTests = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'];
/** Tests of PostgreSQL's own failures (*.pg.test.ts) run in the PostgreSQL project only. */
const postgresOnly = '**/*.pg.test.ts';
/** Tests of SQLite's own structures (*.sqlite.test.ts) run in the SQLite project only. */
const sqliteOnly = '**/*.sqlite.test.ts';
/** The server renderer, built once for the API's tests (pages render on threads that load the built module). */
const rendererBuild = './apps/api/test/build-renderer.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/contract/src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          exclude: [...configDefaults.exclude, postgresOnly],
          env: { TEST_DB: 'sqlite' },
          globalSetup: [rendererBuild],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          exclude: [...configDefaults.exclude, sqliteOnly],
          env: { TEST_DB: 'postgres' },
          globalSetup: [rendererBuild],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // Typing whole forms through user-event takes a few seconds on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
