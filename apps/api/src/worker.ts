import pino from 'pino';
import { loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createAlertScheduler } from './plugins/alert-scheduler.ts';
import { createContext } from './plugins/context.ts';

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
const ctx = createContext(config, database, () => log);
const scheduler = createAlertScheduler({ alerts: ctx.alerts, mailer: ctx.mailer, config, log: () => log });
scheduler.start();
log.info(
  { owner: scheduler.owner, engine: database.engine, everyMs: config.alerts.pollMs },
  'job alert worker started',
);

const close = async () => {
  await scheduler.stop();
  await ctx.mailer.flush();
  await ctx.mailer.close();
  await database.destroy();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
// Timers are unref'd: keep the process alive until told to stop.
setInterval(() => undefined, 1 << 30);
