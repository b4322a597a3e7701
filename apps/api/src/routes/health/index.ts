import type { FastifyPluginAsync } from 'fastify';
import { isReachable } from '../../db/database.ts';

/** For operators: /healthz is the process, /readyz the database. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const ok = await isReachable(app.ctx.database.db);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unreachable' });
  });
};

export default healthRoutes;
