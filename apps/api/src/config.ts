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
  sqliteFile: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  webDistDir: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  publicBaseUrl: string;
  site: {
    brandName: string;
    supportEmail: string;
    supportPhone: string;
    chatUrl: string;
  };
  smtpUrl: string | undefined;
  /** How often spas' waiting new-application e-mails are looked for (0: never). */
  digestSweepMs: number;
  mailFrom: string;
  seedDemoData: boolean;
  rateLimits: boolean;
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

const DEV_JWT_SECRET = 'spajobs-development-secret-change-me-in-production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = Number(env.PORT ?? 3000);
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const jwtSecret = env.JWT_SECRET ?? DEV_JWT_SECRET;
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && jwtSecret === DEV_JWT_SECRET) {
    throw new Error('JWT_SECRET must be set when running against a production database');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    sqliteFile: path.resolve(env.SQLITE_FILE ?? path.join(dataDir, 'spajobs.db')),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    jwtSecret,
    jwtTtlSeconds: Number(env.JWT_TTL_SECONDS ?? 7 * 24 * 3600),
    publicBaseUrl,
    site: {
      brandName: env.BRAND_NAME ?? 'Spa Jobs',
      supportEmail: env.SUPPORT_EMAIL ?? 'support@spajobs.example',
      supportPhone: env.SUPPORT_PHONE ?? '+91 98765 43210',
      chatUrl: env.CHAT_URL ?? 'https://wa.me/919876543210',
    },
    smtpUrl: env.SMTP_URL || undefined,
    digestSweepMs: Number(env.DIGEST_SWEEP_MS ?? 300_000),
    mailFrom: env.MAIL_FROM ?? 'Spa Jobs <no-reply@spajobs.example>',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    rateLimits: env.RATE_LIMITS !== 'off',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    oauth: loadOAuthConfig(env),
  };
}

export { repoRoot };
