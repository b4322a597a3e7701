import { buildApp } from './app.ts';
import { JWT_SECRET_FILE, loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoEmployers } from './demo/employers.ts';
import { DEMO_SIZE, isEmpty, seedDemoData } from './demo/seed.ts';
import { sweepOrphanUploads } from './lib/orphan-sweep.ts';

const config = loadConfig();
if (config.jwtSecretSource === 'file-created') {
  console.log(
    `JWT_SECRET is not set: made a new random secret for sign-in tokens and kept it in ${config.dataDir}/${JWT_SECRET_FILE}.`,
  );
} else if (config.jwtSecretSource === 'file') {
  console.log(`JWT_SECRET is not set: using the secret kept in ${config.dataDir}/${JWT_SECRET_FILE}.`);
}
if (config.jwtSecretSource !== 'env' && config.databaseUrl) {
  console.warn('Several instances serving one database must share one JWT_SECRET: set it on each.');
}
const dbOptions = {
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  readWorkers: config.sqliteReadWorkers,
  queryBudgetMs: config.queryTimeoutMs,
  pgSchema: config.databaseSchema,
};
// Migrations and demo data may take longer than a request may: they get a connection without time budgets.
const setup = await createDb({ ...dbOptions, limits: 'none', readWorkers: 0, queryBudgetMs: 0 });
await migrateToLatest(setup);
if (config.seedDemoData && (await isEmpty(setup))) {
  const { spas, jobs } = await seedDemoData(setup, DEMO_SIZE);
  const employers = await seedDemoEmployers(setup);
  console.log(
    `Filled the empty database with demo data: ${spas} spas, ${jobs} jobs, ${employers} demo employers.`,
  );
}
// Serving gets a new pool (PostgreSQL) or its read workers (SQLite), with the budgets on.
await setup.destroy();
const database = await createDb(dbOptions);
const app = await buildApp({ config, database, web: true });

// Files whose row never came (a crash between the two writes) are removed at start and daily.
const sweep = () =>
  sweepOrphanUploads({ database, uploadsDir: config.uploadsDir, graceMs: config.orphanGraceMs })
    .then(({ removed }) => {
      if (removed > 0) app.log.info(`Removed ${removed} uploaded files that no record refers to.`);
    })
    .catch((err: unknown) => app.log.warn({ err }, 'sweeping unused uploads failed'));
await sweep();
const daily = setInterval(() => void sweep(), 24 * 3600_000);
daily.unref();

const close = async () => {
  clearInterval(daily);
  await app.close();
  await database.destroy();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
// Fill the caches of the expensive public summaries now rather than on a visitor's first request.
void Promise.all(
  ['/api/v1/spajobs/summary/all-stats', '/api/v1/stats', '/api/v1/spajobs/recent?limit=9&page=1'].map((url) =>
    app.inject(url),
  ),
).catch(() => undefined);
console.log(`${config.site.brandName} is running at http://localhost:${config.port} (${database.engine})`);
