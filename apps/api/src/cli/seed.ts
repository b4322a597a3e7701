/**
 * Fills the configured database with generated spas and jobs.
 *   npm run seed -- --spas 100000 --jobs 1000000 [--seed 42] [--reset]
 * Without --reset it refuses to add to a database that already has spas.
 */
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { pauseJobWords, rebuildJobWords } from '../db/job-words.ts';
import { refreshSpaReaches } from '../db/spa-reaches.ts';
import { DEMO_SIZE, isEmpty, seedDemoData } from '../demo/seed.ts';
import { intFlag, parseArgs } from './args.ts';

const { flags } = parseArgs(process.argv.slice(2));
const config = loadConfig();
const database = await createDb({
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  readWorkers: 0,
  queryBudgetMs: 0,
  pgSchema: config.databaseSchema,
  limits: 'none',
});
try {
  await migrateToLatest(database);
  const spas = intFlag(flags, 'spas', DEMO_SIZE.spas);
  const jobs = intFlag(flags, 'jobs', DEMO_SIZE.jobs);
  if (flags.reset) {
    // The keyword words' lists are made once, after the load, not job by job (decision 64): paused from
    // here, before the old jobs go.
    await pauseJobWords(database.db);
    await database.db.deleteFrom('applications').execute();
    await database.db.deleteFrom('jobs').execute();
    await database.db.deleteFrom('spas').execute();
  } else if (!(await isEmpty(database))) {
    console.error('The database already has spas. Run with --reset to replace them.');
    process.exitCode = 1;
  }
  if (process.exitCode !== 1) {
    const started = Date.now();
    await pauseJobWords(database.db);
    let last = 0;
    const result = await seedDemoData(database, {
      spas,
      jobs,
      seed: intFlag(flags, 'seed', 42),
      onProgress(s, j) {
        if (Date.now() - last > 2000) {
          last = Date.now();
          console.log(`  ${s.toLocaleString('en-IN')} spas, ${j.toLocaleString('en-IN')} jobs…`);
        }
      },
    });
    await rebuildJobWords(database.db, database.engine);
    // Each spa's reaches, for nearby pages (decision 90): about 5 s at 100,000 spas.
    await refreshSpaReaches(database);
    // PostgreSQL: the jobs' rows put in date order (decision 76), as a live board writes them, one as each
    // is posted; the generator writes them spa by spa, at random dates. The indexes are made again with
    // them, compact and in order. A walk in date order then meets the rows' visibility in one place of
    // the visibility map after another, not a different one at every entry, and a page's jobs, posted
    // close together, share a few of the table's pages. About two minutes at 1,000,000 jobs.
    if (database.engine === 'postgres')
      await sql`cluster jobs using jobs_active_posted_id`.execute(database.db);
    // PostgreSQL: the spas' cards made again in key order, as SQLite's vacuum below makes them. Each job the
    // generator adds writes its spa's card again with the new count, a new entry of the cards' key beside
    // the old; the leaves split, and once the old entries are vacuumed away they are left 42% full: 166 MB
    // at 100,000 spas, more than PostgreSQL's shared buffers by default (128 MB), so that nearby pages read
    // their cards' leaves from the system's cache. Made again: 78 MB. A second, at 100,000 spas.
    if (database.engine === 'postgres')
      await sql`cluster spa_cards using spa_cards_pkey`.execute(database.db);
    // Fresh statistics so both engines' planners pick the right indexes; on PostgreSQL a vacuum
    // too, so that listings are read from the indexes alone (index-only scans) from the start.
    await (database.engine === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(database.db);
    // SQLite: the file made again, compact. Jobs are written in id order, so every index in date, pay or
    // place order was filled at random places and its pages left part full and scattered; rebuilt, they
    // are read in order. At 1,000,000 jobs the file shrinks from 3.44 to 3.25 GB, and a deep page of a
    // common word, walked in date order, is read in 51–73 ms warm instead of 80–87 (one pass: 55 s).
    if (database.engine === 'sqlite') await sql`vacuum`.execute(database.db);
    console.log(
      `Generated ${result.spas.toLocaleString('en-IN')} spas and ${result.jobs.toLocaleString('en-IN')} jobs in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.engine}).`,
    );
  }
} finally {
  await database.destroy();
}
