import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** postgres://… selects PostgreSQL; otherwise the SQLite file below is used. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use instead of the default search path. */
  databaseSchema: string | undefined;
  /** postgres://… of a read replica: public read-only queries go there, everything else to DATABASE_URL. */
  databaseReadUrl: string | undefined;
  /** redis://… shared by every instance: rate limits, sign-in slow-downs, cache invalidation. */
  redisUrl: string | undefined;
  /** Every Redis key and channel of this installation starts with this. */
  redisPrefix: string;
  /** How many API processes serve the port (Node's cluster). */
  webConcurrency: number;
  sqliteFile: string;
  /** SQLite: worker threads answering reads (0: read on the main thread). */
  sqliteReadWorkers: number | undefined;
  /** Time budget of one database query, in milliseconds. */
  queryTimeoutMs: number;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  webDistDir: string;
  /** The web app's server renderer (built by `vite build --ssr`); without it pages are rendered in the browser. */
  webServerEntry: string;
  /** Seconds a rendered public page is kept for the next anonymous visitor (0: never). */
  pageCacheSeconds: number;
  /** Most addresses in one sitemap file (the protocol allows 50,000). */
  sitemapPageSize: number;
  jwtSecret: string;
  /** Where the secret came from: JWT_SECRET, or the file kept in the data folder. */
  jwtSecretSource: 'env' | 'file-created' | 'file';
  jwtTtlSeconds: number;
  /** HTTP limits of the server (see docs/decisions/0015-limits-and-timeouts.md). */
  http: HttpLimits;
  /** Send Strict-Transport-Security: the public address is https. */
  hsts: boolean;
  /** Sweep files in the uploads folder that no record refers to, older than this. */
  orphanGraceMs: number;
  publicBaseUrl: string;
  site: {
    brandName: string;
    supportEmail: string;
    supportPhone: string;
    chatUrl: string;
    /** Social profile links; only those configured are shown. */
    social: Partial<Record<SocialNetwork, string>>;
  };
  smtpUrl: string | undefined;
  /** How often spas' waiting new-application e-mails are looked for (0: never). */
  digestSweepMs: number;
  mailFrom: string;
  /** SMTP: tries after a temporary failure, and the first wait (each later one is 4× longer). */
  smtpRetries: number;
  smtpRetryBaseMs: number;
  /** Threads that build and send mail over SMTP (digest runs send much at once). */
  mailThreads: number;
  /** Mail threads of the job-alert digests (one process of all runs them): about one per core, at most two. */
  alertMailThreads: number;
  /** Threads that render public pages (server-side rendering). */
  renderThreads: number;
  /** Job alerts (docs/decisions/0021-job-alerts.md). */
  alerts: AlertConfig;
  seedDemoData: boolean;
  rateLimits: boolean;
  /** Keep public listings' answers for a few seconds (off: every request is answered from the database). */
  responseCache: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** External sign-in; a provider without a client id and secret is not offered. */
  oauth: OAuthConfig;
}

export interface OAuthConfig {
  google?: { clientId: string; clientSecret: string; issuer: string; scope: string };
  facebook?: {
    clientId: string;
    clientSecret: string;
    authorizationUrl: string;
    tokenUrl: string;
    profileUrl: string;
    scope: string;
  };
}

/** A provider is configured only when both its client id and secret are set. */
function loadOAuthConfig(env: NodeJS.ProcessEnv): OAuthConfig {
  const out: OAuthConfig = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    out.google = {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      issuer: env.GOOGLE_ISSUER || 'https://accounts.google.com',
      scope: env.GOOGLE_SCOPE || 'openid email profile',
    };
  }
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    out.facebook = {
      clientId: env.FACEBOOK_CLIENT_ID,
      clientSecret: env.FACEBOOK_CLIENT_SECRET,
      authorizationUrl: env.FACEBOOK_AUTHORIZATION_URL || 'https://www.facebook.com/v23.0/dialog/oauth',
      tokenUrl: env.FACEBOOK_TOKEN_URL || 'https://graph.facebook.com/v23.0/oauth/access_token',
      profileUrl:
        env.FACEBOOK_PROFILE_URL ||
        'https://graph.facebook.com/v23.0/me?fields=id,email,first_name,last_name',
      scope: env.FACEBOOK_SCOPE || 'email public_profile',
    };
  }
  return out;
}

export interface AlertConfig {
  /** Run the digest scheduler in this process (the API); off when `npm run worker` does it. */
  scheduler: boolean;
  /** How often due digests are looked for. */
  pollMs: number;
  /** How long a claimed alert stays with its scheduler before another may take it. */
  leaseMs: number;
  /** Alerts claimed at a time. */
  batch: number;
  /** Digests being sent at once (and SMTP connections). */
  concurrency: number;
  /** How long a confirmation link works. */
  confirmTtlHours: number;
  /** The mailto: address of List-Unsubscribe. */
  unsubscribeMailto: string;
  /** A digest whose sending failed after its retries is tried again after this. */
  retryAfterMs: number;
}

export interface HttpLimits {
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** The request's headers must arrive within this. */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing at all arrives for this long is closed. */
  socketIdleTimeoutMs: number;
  /** JSON and form bodies (not uploads) up to this size. */
  bodyLimitBytes: number;
}

/**
 * The value this project once shipped as its default secret. Anyone can read
 * it, so it is refused wherever it is set and tokens signed with it never verify.
 */
export const PUBLISHED_DEV_JWT_SECRET = 'spajobs-development-secret-change-me-in-production';

/** Values this project has shown as examples: never secret. */
const PUBLISHED_JWT_SECRETS = [PUBLISHED_DEV_JWT_SECRET, 'change-me-to-a-long-random-string'];

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET when set; otherwise a random 256-bit secret made on the first
 * start and kept in the data folder (readable by the owner only), so that
 * sessions survive a restart and no two installations share a secret.
 */
function loadJwtSecret(
  env: NodeJS.ProcessEnv,
  dataDir: string,
): { secret: string; source: Config['jwtSecretSource'] } {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (PUBLISHED_JWT_SECRETS.includes(fromEnv)) {
      throw new Error('JWT_SECRET is a published example value; set a long random secret or leave it unset.');
    }
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
    return { secret: fromEnv, source: 'env' };
  }
  const file = path.join(dataDir, JWT_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole to a file of this process's own, then linked into place: a process starting at
    // the same moment either wins the link or reads the winner's complete secret, never an empty file.
    const made = randomBytes(32).toString('base64url');
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    fs.writeFileSync(draft, made, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
      return { secret: made, source: 'file-created' };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32 || PUBLISHED_JWT_SECRETS.includes(secret)) {
    throw new Error(`${file} does not hold a usable secret; delete it to have a new one made.`);
  }
  return { secret, source: 'file' };
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = Number(env.PORT ?? 3000);
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const jwt = loadJwtSecret(env, dataDir);
  const requestTimeoutMs = positive(env.REQUEST_TIMEOUT_MS, 120_000);
  const processes = webConcurrency(env);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'spajobs:',
    webConcurrency: processes,
    sqliteFile: path.resolve(env.SQLITE_FILE ?? path.join(dataDir, 'spajobs.db')),
    sqliteReadWorkers: env.SQLITE_READ_WORKERS ? Number(env.SQLITE_READ_WORKERS) : undefined,
    queryTimeoutMs: Number(env.DB_QUERY_TIMEOUT_MS ?? 2500),
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    outboxDir: path.join(dataDir, 'outbox'),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    webServerEntry: path.resolve(
      env.WEB_SERVER_ENTRY ?? path.join(repoRoot, 'apps/web/dist-server/entry-server.js'),
    ),
    pageCacheSeconds: env.PAGE_CACHE_SECONDS === '0' ? 0 : positive(env.PAGE_CACHE_SECONDS, 10),
    sitemapPageSize: Math.min(50_000, positive(env.SITEMAP_PAGE_SIZE, 50_000)),
    jwtSecret: jwt.secret,
    jwtSecretSource: jwt.source,
    jwtTtlSeconds: Number(env.JWT_TTL_SECONDS ?? 7 * 24 * 3600),
    http: {
      requestTimeoutMs,
      // Node checks neither limit when this one is the longer.
      headersTimeoutMs: Math.min(positive(env.HEADERS_TIMEOUT_MS, 15_000), requestTimeoutMs),
      keepAliveTimeoutMs: positive(env.KEEP_ALIVE_TIMEOUT_MS, 65_000),
      socketIdleTimeoutMs: 70_000,
      bodyLimitBytes: 1024 * 1024,
    },
    hsts: publicBaseUrl.startsWith('https://'),
    orphanGraceMs: positive(env.ORPHAN_UPLOAD_GRACE_MS, 3600_000),
    publicBaseUrl,
    site: {
      brandName: env.BRAND_NAME ?? 'Spa Jobs',
      supportEmail: env.SUPPORT_EMAIL ?? 'support@spajobs.example',
      supportPhone: env.SUPPORT_PHONE ?? '+91 98765 43210',
      chatUrl: env.CHAT_URL ?? 'https://wa.me/919876543210',
      social: socialLinks(env),
    },
    smtpUrl: env.SMTP_URL || undefined,
    digestSweepMs: Number(env.DIGEST_SWEEP_MS ?? 300_000),
    mailFrom: env.MAIL_FROM ?? 'Spa Jobs <no-reply@spajobs.example>',
    smtpRetries:
      env.SMTP_RETRIES !== undefined && env.SMTP_RETRIES !== ''
        ? Math.max(0, Number(env.SMTP_RETRIES) || 0)
        : 4,
    smtpRetryBaseMs: positive(env.SMTP_RETRY_BASE_MS, 2000),
    // About one mail thread per core over all the API's processes, and at most two in each.
    mailThreads: positive(
      env.MAIL_THREADS,
      Math.max(1, Math.min(2, Math.floor(os.availableParallelism() / processes))),
    ),
    // The digests run in one process of all (or in `npm run worker`), so theirs are counted by the machine.
    alertMailThreads: positive(env.ALERT_MAIL_THREADS, Math.max(1, Math.min(2, os.availableParallelism()))),
    // One render thread per core over all the API's processes, and at least one in each.
    renderThreads: positive(
      env.RENDER_THREADS,
      Math.max(1, Math.floor(os.availableParallelism() / processes)),
    ),
    alerts: {
      scheduler: env.ALERT_SCHEDULER !== 'off',
      pollMs: positive(env.ALERT_POLL_MS, 60_000),
      leaseMs: positive(env.ALERT_LEASE_MS, 10 * 60_000),
      batch: positive(env.ALERT_BATCH, 100),
      concurrency: positive(env.ALERT_SEND_CONCURRENCY, 4),
      confirmTtlHours: positive(env.ALERT_CONFIRM_TTL_HOURS, 48),
      unsubscribeMailto:
        env.ALERT_UNSUBSCRIBE_MAILTO ||
        `unsubscribe@${/@([^>\s]+)/.exec(env.MAIL_FROM ?? '')?.[1] ?? 'spajobs.example'}`,
      retryAfterMs: positive(env.ALERT_RETRY_AFTER_MS, 15 * 60_000),
    },
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    rateLimits: env.RATE_LIMITS !== 'off',
    responseCache: env.RESPONSE_CACHE !== 'off',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    oauth: loadOAuthConfig(env),
  };
}

export { repoRoot };

/**
 * WEB_CONCURRENCY when set; otherwise one process, on either engine. A process
 * already spreads its work over the machine's cores (render, read, mail and
 * digest threads); a second one pays off only where the database has cores
 * of its own (decision 22's last addendum).
 */
function webConcurrency(env: NodeJS.ProcessEnv): number {
  const n = Number(env.WEB_CONCURRENCY);
  if (env.WEB_CONCURRENCY && Number.isInteger(n) && n >= 1) return n;
  if (env.WEB_CONCURRENCY) throw new Error('WEB_CONCURRENCY must be a whole number of at least 1.');
  return 1;
}

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** SOCIAL_FACEBOOK_URL and the like: kept only when they are https addresses. */
function socialLinks(env: NodeJS.ProcessEnv): Partial<Record<SocialNetwork, string>> {
  const out: Partial<Record<SocialNetwork, string>> = {};
  for (const network of SOCIAL_NETWORKS) {
    const raw = env[`SOCIAL_${network.toUpperCase()}_URL`]?.trim();
    if (!raw) continue;
    try {
      if (new URL(raw).protocol === 'https:') out[network] = raw;
    } catch {
      // Not an address: not shown.
    }
  }
  return out;
}
