/**
 * Loads spas and jobs from a JSON or CSV file: npm run import -- <file> [<file> …]
 * Every row is checked first; a file with any bad row imports nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { refreshSpaReaches } from '../db/spa-reaches.ts';
import { importData, ImportError, readImportFile } from '../import/importer.ts';
import { parseArgs } from './args.ts';

const { positional } = parseArgs(process.argv.slice(2));
if (!positional.length) {
  console.error('Usage: npm run import -- <file.json|file.csv> [more files]');
  process.exit(2);
}
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
  for (const file of positional) {
    const name = path.basename(file);
    try {
      const input = readImportFile(name, fs.readFileSync(file, 'utf8'));
      const r = await importData(database, input);
      console.log(
        `${name}: spas ${r.spas.inserted} added, ${r.spas.updated} updated; jobs ${r.jobs.inserted} added, ${r.jobs.updated} updated.`,
      );
    } catch (err) {
      if (err instanceof ImportError) {
        console.error(`${name}: ${err.message}`);
        for (const p of err.problems) console.error(`  ${p.where}: ${p.field} ${p.message}`);
        process.exitCode = 1;
      } else throw err;
    }
  }
  // The spas' reaches found again with the spas added or moved (decision 90).
  if (positional.length) await refreshSpaReaches(database);
} finally {
  await database.destroy();
}
