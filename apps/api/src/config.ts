import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  /** postgres://… selects PostgreSQL; otherwise the SQLite file below is used. */
  databaseUrl: string | undefined;
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
  mailFrom: string;
  seedDemoData: boolean;
  rateLimits: boolean;
  logLevel: string;
  trustProxy: boolean;
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
    mailFrom: env.MAIL_FROM ?? 'Spa Jobs <no-reply@spajobs.example>',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    rateLimits: env.RATE_LIMITS !== 'off',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
  };
}

export { repoRoot };
