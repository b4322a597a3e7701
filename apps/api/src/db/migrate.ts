import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001-initial.ts';
import * as externalSignIn from './migrations/0002-external-sign-in.ts';
import * as spaRatingIndexes from './migrations/0003-spa-rating-indexes.ts';
import * as textSearch from './migrations/0004-text-search.ts';
import * as employersAdmin from './migrations/0006-employers-admin.ts';
import * as guestPhoneApplications from './migrations/0007-guest-phone-applications.ts';
import * as jobSalaryExperience from './migrations/0007b-job-salary-experience.ts';
import * as jobAlerts from './migrations/0008-job-alerts.ts';
import * as scheduledRuns from './migrations/0009-scheduled-runs.ts';
import * as openJobIndexes from './migrations/0011-open-job-indexes.ts';
import * as rememberedLanguage from './migrations/0012-remembered-language.ts';
import * as keywordSearchText from './migrations/0013-keyword-search-text.ts';
import * as spaNameSearch from './migrations/0014-spa-name-search.ts';
import * as spaPlaceIndex from './migrations/0015-spa-place-index.ts';
import * as jobWords from './migrations/0016-job-words.ts';
import * as jobsKeptVisible from './migrations/0017-jobs-kept-visible.ts';
import * as jobPlaceStatistics from './migrations/0018-job-place-statistics.ts';
import * as jobWordStatistics from './migrations/0019-job-word-statistics.ts';
import * as jobWordsWithPlaces from './migrations/0020-job-words-with-places.ts';
import * as boundedSearchHead from './migrations/0021-bounded-search-head.ts';
import * as cityKeywordWalk from './migrations/0022-city-keyword-walk.ts';
import * as spaNameCounts from './migrations/0023-spa-name-counts.ts';
import * as spaNamePairs from './migrations/0024-spa-name-pairs.ts';
import * as spaUnitVectors from './migrations/0025-spa-unit-vectors.ts';
import * as cityKeywordWalkSqlite from './migrations/0026-city-keyword-walk-sqlite.ts';
import * as bestPaidFirst from './migrations/0027-best-paid-first.ts';
import * as bestPaidFirstByCategory from './migrations/0028-best-paid-first-by-category.ts';
import * as quickFiltersInListingIndexes from './migrations/0029-quick-filters-in-listing-indexes.ts';
import * as quickFiltersInTextIndexes from './migrations/0030-quick-filters-in-text-indexes.ts';
import * as bestPaidFirstCarriesExperience from './migrations/0031-best-paid-first-carries-experience.ts';
import * as payOrderCarriesText from './migrations/0032-pay-order-carries-text.ts';
import * as textSignatures from './migrations/0033-text-signatures.ts';
import * as sqlitePayOrderCarriesText from './migrations/0034-sqlite-pay-order-carries-text.ts';
import * as spaPlaceStrips from './migrations/0035-spa-place-strips.ts';
import * as keywordWordLists from './migrations/0036-keyword-word-lists.ts';
import * as spaNamePartCounts from './migrations/0037-spa-name-part-counts.ts';
import * as wordListsCarryPay from './migrations/0038-word-lists-carry-pay.ts';
import * as spaOpenJobCounts from './migrations/0039-spa-open-job-counts.ts';
import * as jobPlaceCounts from './migrations/0040-job-place-counts.ts';
import * as commonWordBits from './migrations/0041-common-word-bits.ts';
import * as commonWordBitsCleared from './migrations/0042-common-word-bits-cleared.ts';
import * as wordListsCarryCategory from './migrations/0043-word-lists-carry-category.ts';
import * as spaCards from './migrations/0044-spa-cards.ts';
import * as spaCardsInTheirIndex from './migrations/0045-spa-cards-in-their-index.ts';
import * as spaCardHeadsLz4 from './migrations/0046-spa-card-heads-lz4.ts';
import * as spaReaches from './migrations/0047-spa-reaches.ts';
import * as stateKeywordWalkSqlite from './migrations/0048-state-keyword-walk-sqlite.ts';

/**
 * Migrations are plain modules listed here in order, so both engines and the
 * bundled server run the same set without reading a folder at run time. Each
 * takes the engine for the few places where SQL differs (identity columns).
 */
export type Migrations = Record<
  string,
  {
    up: (db: never, engine: Db['engine']) => Promise<void>;
    vacuumAfter?: readonly string[];
    /**
     * SQLite: the migration runs its own transaction, with foreign keys off for a table's rebuild, which
     * SQLite allows only outside one; every other migration runs in a transaction with the row that
     * records it (decision 63).
     */
    ownTransaction?: boolean;
  }
>;

const migrations: Migrations = {
  '0001-initial': initial,
  '0002-external-sign-in': externalSignIn,
  '0003-spa-rating-indexes': spaRatingIndexes,
  '0004-text-search': textSearch,
  '0006-employers-admin': employersAdmin,
  '0007-guest-phone-applications': guestPhoneApplications,
  '0007b-job-salary-experience': jobSalaryExperience,
  '0008-job-alerts': jobAlerts,
  '0009-scheduled-runs': scheduledRuns,
  '0011-open-job-indexes': openJobIndexes,
  '0012-remembered-language': rememberedLanguage,
  '0013-keyword-search-text': keywordSearchText,
  '0014-spa-name-search': spaNameSearch,
  '0015-spa-place-index': spaPlaceIndex,
  '0016-job-words': jobWords,
  '0017-jobs-kept-visible': jobsKeptVisible,
  '0018-job-place-statistics': jobPlaceStatistics,
  '0019-job-word-statistics': jobWordStatistics,
  '0020-job-words-with-places': jobWordsWithPlaces,
  '0021-bounded-search-head': boundedSearchHead,
  '0022-city-keyword-walk': cityKeywordWalk,
  '0023-spa-name-counts': spaNameCounts,
  '0024-spa-name-pairs': spaNamePairs,
  '0025-spa-unit-vectors': spaUnitVectors,
  '0026-city-keyword-walk-sqlite': cityKeywordWalkSqlite,
  '0027-best-paid-first': bestPaidFirst,
  '0028-best-paid-first-by-category': bestPaidFirstByCategory,
  '0029-quick-filters-in-listing-indexes': quickFiltersInListingIndexes,
  '0030-quick-filters-in-text-indexes': quickFiltersInTextIndexes,
  '0031-best-paid-first-carries-experience': bestPaidFirstCarriesExperience,
  '0032-pay-order-carries-text': payOrderCarriesText,
  '0033-text-signatures': textSignatures,
  '0034-sqlite-pay-order-carries-text': sqlitePayOrderCarriesText,
  '0035-spa-place-strips': spaPlaceStrips,
  '0036-keyword-word-lists': keywordWordLists,
  '0037-spa-name-part-counts': spaNamePartCounts,
  '0038-word-lists-carry-pay': wordListsCarryPay,
  '0039-spa-open-job-counts': spaOpenJobCounts,
  '0040-job-place-counts': jobPlaceCounts,
  '0041-common-word-bits': commonWordBits,
  '0042-common-word-bits-cleared': commonWordBitsCleared,
  '0043-word-lists-carry-category': wordListsCarryCategory,
  '0044-spa-cards': spaCards,
  '0045-spa-cards-in-their-index': spaCardsInTheirIndex,
  '0046-spa-card-heads-lz4': spaCardHeadsLz4,
  '0047-spa-reaches': spaReaches,
  '0048-state-keyword-walk-sqlite': stateKeywordWalkSqlite,
};

export async function migrateToLatest(database: Db): Promise<void> {
  await runMigrations(database, migrations);
}

/** Runs the migrations not yet run, in order of their names (`migrations` is the set, given by tests). */
export async function runMigrations({ db, engine }: Db, migrations: Migrations): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) {
        out[name] = {
          up: async (kdb) => {
            // Building an index over a large table may take longer than any request's budget.
            if (engine === 'postgres') await sql`set local statement_timeout = 0`.execute(kdb);
            await m.up(kdb as never, engine);
          },
        };
      }
      return out;
    },
  };
  // On PostgreSQL the migrator looks for its own tables in every schema unless
  // told which one; name the current one, so that databases in side-by-side
  // schemas (the test runs) never see each other's migration state.
  const migrationTableSchema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  // Migration numbers are reserved per line of work, so a lower number may
  // arrive after a higher one has run; each migration stands on its own.
  const props = {
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  };
  const migrator = new Migrator(props);
  const results: MigrationResult[] = [];
  const check = ({ error, results: done }: { error?: unknown; results?: MigrationResult[] }) => {
    results.push(...(done ?? []));
    const failed = done?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
  };
  if (engine === 'postgres') {
    // Every pending migration in one transaction, with the rows that record them.
    check(await migrator.migrateToLatest());
  } else {
    // One at a time, each in its own transaction but those that run their own.
    const bare = new Migrator({ ...props, disableTransactions: true });
    for (;;) {
      const next = (await migrator.getMigrations()).find((m) => !m.executedAt);
      if (!next) break;
      check(await (migrations[next.name]?.ownTransaction ? bare : migrator).migrateUp());
    }
  }
  if (engine === 'postgres') {
    // A migration that rewrote a table leaves its visibility map empty, and no index-only scan is
    // chosen on it until a vacuum, which cannot run inside the migration's transaction.
    const tables = new Set(
      results.flatMap((r) =>
        r.status === 'Success' ? (migrations[r.migrationName]?.vacuumAfter ?? []) : [],
      ),
    );
    if (tables.size) {
      await db.connection().execute(async (c) => {
        await sql`set statement_timeout = 0`.execute(c);
        for (const table of tables) await sql`vacuum (analyze) ${sql.table(table)}`.execute(c);
        await sql`reset statement_timeout`.execute(c);
      });
    }
  }
}
