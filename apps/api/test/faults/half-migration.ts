/**
 * A process that runs one migration to its middle and stops there: the test of migrations killed midway
 * (migration-crash.sqlite.test.ts) kills it with SIGKILL once it says so on its output.
 */
import { sql, type Kysely } from 'kysely';
import { createDb } from '../../src/db/database.ts';
import { runMigrations } from '../../src/db/migrate.ts';

const file = process.argv[2]!;
const database = await createDb({ sqliteFile: file, readWorkers: 0 });
await runMigrations(database, {
  '0001-half': {
    up: async (db: Kysely<unknown>) => {
      await sql`create table half_done (i integer primary key)`.execute(db);
      await sql`insert into half_done (i) values (1), (2)`.execute(db);
      process.stdout.write('midway\n');
      await new Promise(() => {});
    },
  },
});
