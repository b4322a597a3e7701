import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { JWT_SECRET_FILE, loadConfig, type Config } from './config.ts';
import { createDb, type DbOptions } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { rebuildJobWords } from './db/job-words.ts';
import { REACHES_RUN, refreshSpaReaches } from './db/spa-reaches.ts';
import { seedDemoEmployers } from './demo/employers.ts';
import { DEMO_SIZE, isEmpty, seedDemoData } from './demo/seed.ts';
import { CLUSTER_CHANGE } from './lib/change-bus.ts';
import { sweepOrphanUploads } from './lib/orphan-sweep.ts';
import { schedule } from './lib/scheduled-runs.ts';

const DAY = 24 * 3600_000;

const config = loadConfig();
const dbOptions: DbOptions = {
  databaseUrl: config.databaseUrl,
  readDatabaseUrl: config.databaseReadUrl,
  sqliteFile: config.sqliteFile,
  readWorkers: config.sqliteReadWorkers,
  queryBudgetMs: config.queryTimeoutMs,
  pgSchema: config.databaseSchema,
};

if (cluster.isPrimary) {
  await prepare(config);
  if (config.webConcurrency > 1) runWorkers(config.webConcurrency);
  else await serve();
} else {
  await serve();
}

/**
 * Start-up work, done once by the first process before any serving one
 * starts: migrations, demo data, and a sweep of uploads no record refers to.
 */
async function prepare(config: Config) {
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
  if (config.webConcurrency > 1 && !config.redisUrl && config.rateLimits) {
    console.warn(
      `${config.webConcurrency} processes without REDIS_URL: each counts rate limits and sign-in slow-downs for itself. Set REDIS_URL to share them.`,
    );
  }
  // Migrations and demo data may take longer than a request may: they get a connection without time budgets.
  const setup = await createDb({
    ...dbOptions,
    readDatabaseUrl: undefined,
    limits: 'none',
    readWorkers: 0,
    queryBudgetMs: 0,
  });
  try {
    await migrateToLatest(setup);
    // A bulk load stopped midway leaves the keyword words' lists paused (searches walk instead): made whole
    // again here, before the server listens (about a minute at a million jobs; decision 64).
    if (await rebuildJobWords(setup.db, setup.engine, { ifPaused: true }))
      console.log("Made the keyword words' lists anew: a bulk load had stopped before it made them.");
    if (config.seedDemoData && (await isEmpty(setup))) {
      const { spas, jobs } = await seedDemoData(setup, DEMO_SIZE);
      await refreshSpaReaches(setup);
      const employers = await seedDemoEmployers(setup);
      console.log(
        `Filled the empty database with demo data: ${spas} spas, ${jobs} jobs, ${employers} demo employers.`,
      );
    }
    // Files whose row never came (a crash between the two writes) are removed at start (and daily, below).
    const { removed } = await sweepOrphanUploads({
      database: setup,
      uploadsDir: config.uploadsDir,
      graceMs: config.orphanGraceMs,
    });
    if (removed > 0) console.log(`Removed ${removed} uploaded files that no record refers to.`);
  } catch (err) {
    await setup.destroy();
    throw err;
  }
  await setup.destroy();
}

/**
 * WEB_CONCURRENCY processes serving one port (Node's cluster hands each new
 * connection to one of them). A process that dies is replaced; news of
 * changed listings is passed between them when there is no Redis to carry it.
 */
function runWorkers(count: number) {
  let stopping = false;
  // One process runs the job-alert digests (on its alert thread); the others leave them to it, so that
  // the digests' thread, connections and mail threads are held once. Its replacement takes them over.
  let digests: ReturnType<typeof cluster.fork> | undefined;
  const fork = () => {
    const runsDigests = config.alerts.scheduler && !digests;
    const worker = cluster.fork(runsDigests ? {} : { ALERT_SCHEDULER: 'off' });
    if (runsDigests) digests = worker;
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on('message', (from, message: { type?: string }) => {
    if (message?.type !== CLUSTER_CHANGE) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (worker === digests) digests = undefined;
    if (stopping) return;
    console.error(`API process ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    setTimeout(fork, 1000);
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`${config.site.brandName}: starting ${count} API processes on port ${config.port}`);
}

async function serve() {
  const database = await createDb(dbOptions);
  const app = await buildApp({ config, database, web: true });

  // The daily sweep of unused uploads: one instance a day, whichever claims it.
  const daily = schedule({
    database,
    name: 'orphan-upload-sweep',
    everyMs: DAY,
    checkEveryMs: 3600_000,
    run: async () => {
      const { removed } = await sweepOrphanUploads({
        database,
        uploadsDir: config.uploadsDir,
        graceMs: config.orphanGraceMs,
      });
      if (removed > 0) app.log.info(`Removed ${removed} uploaded files that no record refers to.`);
    },
    onError: (err) => app.log.warn({ err }, 'sweeping unused uploads failed'),
  });

  // Spas, and states, cities and categories, whose open-job count has passed its time are counted again
  // each minute (decisions 67 and 73): until then their pages count their jobs in the jobs' index instead.
  const recount = schedule({
    database,
    name: 'open-job-recount',
    everyMs: 60_000,
    runAtStart: true,
    run: async () => {
      const now = Date.now();
      // A batch at a time, so that a backlog (after a pause of the server) never holds the database long.
      while ((await app.ctx.spas.recountOpenJobs(now)) > 0) await new Promise((r) => setImmediate(r));
      while ((await app.ctx.jobs.recountPlaces(now)) > 0) await new Promise((r) => setImmediate(r));
    },
    onError: (err) => app.log.warn({ err }, "counting spas' open jobs again failed"),
  });

  // Each spa's reaches found again each day (decision 90), and at the first start on a database whose
  // reaches no refresh has found (a seed's or an import's refresh records itself, as this one does): spas
  // added since are left out of them and moved ones' are out of date, which costs a nearby page a wider
  // circle or a second read, never a wrong page.
  const reaches = schedule({
    database,
    ...REACHES_RUN,
    checkEveryMs: 3600_000,
    runAtStart: true,
    run: () => refreshSpaReaches(database),
    onError: (err) => app.log.warn({ err }, "finding the spas' reaches again failed"),
  });

  const close = async () => {
    daily.stop();
    recount.stop();
    reaches.stop();
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);

  // Sign-in refuses while Redis is away (decision 22): give it a moment to connect before answering.
  await app.ctx.redis?.ready(3000);
  // The planner's statistics (open jobs by place and category, pay, words) are read before the first search.
  await app.ctx.jobs.readPlanStats(5000);
  await app.listen({ port: config.port, host: config.host });
  // Fill the caches of the expensive public summaries now rather than on a visitor's first request.
  void Promise.all(
    ['/api/v1/spajobs/summary/all-stats', '/api/v1/stats', '/api/v1/spajobs/recent?limit=9&page=1'].map(
      (url) => app.inject(url),
    ),
  ).catch(() => undefined);
  const who = cluster.isWorker ? ` (process ${cluster.worker?.id})` : '';
  console.log(
    `${config.site.brandName} is running at http://localhost:${config.port} (${database.engine})${who}`,
  );
}
