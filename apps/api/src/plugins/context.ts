import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { JobRepository } from '../repositories/job-repository.ts';
import { SpaRepository } from '../repositories/spa-repository.ts';

/** Everything a route needs, built once per app and decorated onto it. */
export interface AppContext {
  config: Config;
  database: Db;
  spas: SpaRepository;
  jobs: JobRepository;
  /** Short-lived cache for counts and summaries (30 s). */
  cache: TtlCache;
}

export function createContext(config: Config, database: Db): AppContext {
  return {
    config,
    database,
    spas: new SpaRepository(database),
    jobs: new JobRepository(database),
    cache: new TtlCache(30_000),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
