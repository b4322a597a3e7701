import pino from 'pino';
import { loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startAlertWork } from './alert-work.ts';

/**
 * Scheduled work alone, without the HTTP server (`npm run worker`): job-alert
 * digests. Run it beside API instances started with ALERT_SCHEDULER=off, or
 * beside ones that run it too: the leases keep them from sending a digest
 * twice.
 */
const config = loadConfig();
const log = pino({ level: config.logLevel });
const dbOptions = {
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  readWorkers: config.sqliteReadWorkers,
  queryBudgetMs: config.queryTimeoutMs,
  pgSchema: config.databaseSchema,
};
const setup = await createDb({ ...dbOptions, limits: 'none', readWorkers: 0, queryBudgetMs: 0 });
await migrateToLatest(setup);
await setup.destroy();
const database = await createDb(dbOptions);
const work = startAlertWork(config, database, log);
log.info(
  { owner: work.owner, engine: database.engine, everyMs: config.alerts.pollMs },
  'job alert worker started',
);

const close = async () => {
  await work.stop();
  await database.destroy();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
// Timers are unref'd: keep the process alive until told to stop.
setInterval(() => undefined, 1 << 30);
