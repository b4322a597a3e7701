import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { LocalStorage, type Storage } from '../lib/storage.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { ApplicationRepository } from '../repositories/application-repository.ts';
import { ContactMessageRepository } from '../repositories/contact-message-repository.ts';
import { JobRepository } from '../repositories/job-repository.ts';
import { PasswordResetRepository } from '../repositories/password-reset-repository.ts';
import { SpaRepository } from '../repositories/spa-repository.ts';
import { UserRepository } from '../repositories/user-repository.ts';

/** Everything a route needs, built once per app and decorated onto it. */
export interface AppContext {
  config: Config;
  database: Db;
  spas: SpaRepository;
  jobs: JobRepository;
  /** Short-lived cache for counts and summaries (30 s). */
  cache: TtlCache;
  users: UserRepository;
  applications: ApplicationRepository;
  contactMessages: ContactMessageRepository;
  passwordResets: PasswordResetRepository;
  /** Uploaded photos and resumes. */
  storage: Storage;
  mailer: Mailer;
}

export function createContext(config: Config, database: Db, log?: () => FastifyBaseLogger): AppContext {
  return {
    config,
    database,
    spas: new SpaRepository(database),
    jobs: new JobRepository(database),
    cache: new TtlCache(30_000),
    users: new UserRepository(database),
    applications: new ApplicationRepository(database),
    contactMessages: new ContactMessageRepository(database),
    passwordResets: new PasswordResetRepository(database),
    storage: new LocalStorage(config.uploadsDir),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: config.outboxDir,
      log: () => log?.(),
    }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
