import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { FastifyBaseLogger } from 'fastify';
import { mailerFromConfig, type Mailer } from '../lib/mailer.ts';
import { LocalStorage, type Storage } from '../lib/storage.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { AlertRepository } from '../repositories/alert-repository.ts';
import { createChangeBus, type ChangeBus } from '../lib/change-bus.ts';
import { MemoryLoginThrottle, RedisLoginThrottle, type LoginThrottle } from '../lib/login-throttle.ts';
import { connectRedis, type SharedRedis } from '../lib/redis.ts';
import { AdminRepository } from '../repositories/admin-repository.ts';
import { ApplicationRepository } from '../repositories/application-repository.ts';
import { EmployerRepository } from '../repositories/employer-repository.ts';
import type { SpaDigests } from './spa-digest.ts';
import type { AlertScheduler } from './alert-scheduler.ts';
import type { AlertThread } from './alert-thread.ts';
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
  employers: EmployerRepository;
  admin: AdminRepository;
  alerts: AlertRepository;
  /** Job-alert digests (set up by the app). */
  alertScheduler: AlertScheduler;
  /** The thread that runs them while the server is up (ALERT_SCHEDULER on a database file or PostgreSQL). */
  alertThread: AlertThread | null;
  /** REDIS_URL's connections, shared by every instance; null without it. */
  redis: SharedRedis | null;
  /** News of changes for the other instances' caches. */
  changes: ChangeBus;
  /** Wrong passwords slow the address down (null when rate limits are off). */
  loginThrottle: LoginThrottle | null;
  /** New-application e-mail to spas (set up by the app). */
  digests: SpaDigests;
  /**
   * Call after anything that changes which jobs are open (pause, close,
   * moderation, renewal): drops cached counts and cached public answers, so
   * listings change at once.
   */
  listingsChanged: () => void;
}

export function createContext(config: Config, database: Db, log?: () => FastifyBaseLogger): AppContext {
  const report = {
    warn: (obj: object, msg: string) => log?.().warn(obj, msg),
    info: (msg: string) => log?.().info(msg),
  };
  const redis = config.redisUrl ? connectRedis(config.redisUrl, config.redisPrefix, report) : null;
  const onRedisError = (err: unknown) => log?.().error({ err }, 'Redis command failed');
  return {
    redis,
    changes: createChangeBus({ redis, onError: onRedisError }),
    loginThrottle: !config.rateLimits
      ? null
      : redis
        ? new RedisLoginThrottle(redis.client, onRedisError)
        : new MemoryLoginThrottle(),
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
    employers: new EmployerRepository(database),
    admin: new AdminRepository(database),
    alerts: new AlertRepository(database),
    alertScheduler: {
      owner: '',
      runOnce: async () => ({ jobs: 0, claimed: 0, sent: 0, empty: 0, failed: 0, lost: 0 }),
      start: () => undefined,
      stop: async () => undefined,
    },
    alertThread: null,
    digests: { afterApplication: async () => undefined, sweep: async () => 0 },
    listingsChanged: () => undefined,
    mailer: mailerFromConfig(config, () => log?.()),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
