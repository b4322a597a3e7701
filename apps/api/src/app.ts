import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from 'helmet';
import { messages } from '@spajobs/contract/messages';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { authPlugin } from './plugins/auth.ts';
import { createContext } from './plugins/context.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  refuseNulText,
  registerErrorHandling,
  sendError,
} from './plugins/errors.ts';
import { registerLanguage } from './plugins/language.ts';
import { registerResponseCache } from './plugins/response-cache.ts';
import { keepListingsFresh } from './plugins/listing-freshness.ts';
import { createSpaDigests, scheduleSpaDigests } from './plugins/spa-digest.ts';
import adminRoutes from './routes/admin/index.ts';
import alertRoutes from './routes/alerts/index.ts';
import { createAlertScheduler } from './plugins/alert-scheduler.ts';
import { alertThreadDb, startAlertThread } from './plugins/alert-thread.ts';
import employerRoutes from './routes/employer/index.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import applicationRoutes from './routes/applications/index.ts';
import authRoutes from './routes/auth/index.ts';
import geoRoutes from './routes/geo/index.ts';
import healthRoutes from './routes/health/index.ts';
import jobRoutes from './routes/jobs/index.ts';
import mediaRoutes from './routes/media/index.ts';
import messageRoutes from './routes/messages/index.ts';
import spaRoutes from './routes/spas/index.ts';
import statsRoutes from './routes/stats/index.ts';
import uploadRoutes from './routes/uploads/index.ts';
import userRoutes from './routes/users/index.ts';
import { serveWeb } from './web/serve-web.ts';

export interface BuildOptions {
  config: Config;
  database: Db;
  logger?: boolean;
  /** Serve the built web app (production); API tests leave it off. */
  web?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // Limits and timeouts: docs/decisions/0015-limits-and-timeouts.md.
    bodyLimit: config.http.bodyLimitBytes,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.socketIdleTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // How often Node looks for requests past their time; the default (30 s) would let them overrun.
      connectionsCheckingInterval: Math.min(2000, config.http.requestTimeoutMs / 2),
    },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate(
    'ctx',
    createContext(config, opts.database, () => app.log),
  );
  registerErrorHandling(app);
  refuseNulText(app);
  registerLanguage(app);

  // The security headers' middleware is built once; @fastify/helmet built it again for every request
  // (about 13 µs each, a quarter of what a cached API answer costs).
  const setSecurityHeaders = helmet(securityHeaders(config));
  app.addHook('onRequest', (req, reply, done) =>
    setSecurityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );

  // Before the ETag plugin, so that cached answers keep the ETag they were stored with.
  const responseCache = config.responseCache ? registerResponseCache(app) : { clear: () => undefined };
  keepListingsFresh(app, responseCache);
  app.ctx.digests = createSpaDigests(app);
  scheduleSpaDigests(app, config.digestSweepMs);
  await app.register(etag, { weak: true });
  // Phones on mobile data get compressed JSON and HTML; built assets are compressed ahead of time.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.site.brandName} API`,
        version: '1.0.0',
        description: 'Spa and wellness jobs in India',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The docs page brings its own policy, with hashes for its inline script and style.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles as it draws; allowed on the docs page only.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });

  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(multipartPlugin);
  app.addHook('onClose', async () => {
    await app.ctx.changes.close();
    await app.ctx.redis?.close();
  });
  // Mail still being sent goes out before the server stops.
  app.addHook('onClose', async () => app.ctx.mailer.flush());
  // Job-alert digests run beside the server unless a worker runs them (ALERT_SCHEDULER=off). This scheduler
  // shares the app's connection: tests start its runs, and it polls only where the thread below cannot.
  app.ctx.alertScheduler = createAlertScheduler({
    alerts: app.ctx.alerts,
    mailer: app.ctx.mailer,
    config,
    log: () => app.log,
  });
  // On a thread of its own with its own connection, so that a run takes nothing from the event loop; an
  // in-memory database cannot be shared, and runs here.
  if (config.alerts.scheduler) {
    app.addHook('onReady', async () => {
      const db = alertThreadDb(opts.database.options);
      if (db) app.ctx.alertThread = startAlertThread({ config, db, log: () => app.log });
      else app.ctx.alertScheduler.start();
    });
  }
  app.addHook('onClose', async () => {
    await app.ctx.alertThread?.stop();
    await app.ctx.alertScheduler.stop();
    await app.ctx.mailer.flush();
    await app.ctx.mailer.close();
  });
  // So do job views counted since the last write.
  // A database that is down or busy at shutdown costs a second of view counts, not a clean exit.
  app.addHook('onClose', async () =>
    app.ctx.jobs
      .flushViews()
      .catch((err: unknown) => app.log.warn({ err }, 'view counts not written at shutdown')),
  );

  await app.register(healthRoutes);
  await app.register(uploadRoutes);
  await app.register(
    async (api) => {
      await api.register(spaRoutes, { prefix: '/spas' });
      await api.register(jobRoutes, { prefix: '/spajobs' });
      await api.register(jobRoutes, { prefix: '/jobs' });
      await api.register(statsRoutes);
      await api.register(geoRoutes);
      await api.register(mediaRoutes);
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(applicationRoutes, { prefix: '/application' });
      await api.register(messageRoutes, { prefix: '/messages' });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(employerRoutes, { prefix: '/employer' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(alertRoutes, { prefix: '/alerts' });
      api.get('/site', { schema: { hide: true } }, async () => config.site);
    },
    { prefix: '/api/v1' },
  );

  if (opts.web) await serveWeb(app);
  else {
    app.setNotFoundHandler(async (_req, reply) => sendError(reply, 404, messages.notFound));
  }
  return app;
}

/**
 * Security headers on every answer: a Content-Security-Policy that allows
 * scripts and styles from this site only and no framing (the JSON-LD and
 * site-config blocks in the pages are data, which the policy does not run),
 * nosniff, a referrer policy, and HSTS when the site is served over https.
 */
function securityHeaders(config: Config) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The spa page's map.
        frameSrc: ['https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        ...(config.hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Pages may show images from other sites (spa logos); they are not isolated.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' as const },
  };
}
