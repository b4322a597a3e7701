import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoEmployers } from './demo/employers.ts';
import { DEMO_SIZE, isEmpty, seedDemoData } from './demo/seed.ts';

const config = loadConfig();
const database = await createDb({
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  pgSchema: config.databaseSchema,
});
await migrateToLatest(database);
if (config.seedDemoData && (await isEmpty(database))) {
  const { spas, jobs } = await seedDemoData(database, DEMO_SIZE);
  const employers = await seedDemoEmployers(database);
  console.log(
    `Filled the empty database with demo data: ${spas} spas, ${jobs} jobs, ${employers} demo employers.`,
  );
}
const app = await buildApp({ config, database, web: true });

const close = async () => {
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
