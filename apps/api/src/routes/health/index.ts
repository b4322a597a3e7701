import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** /readyz gives the database this long before it says it is not ready. */
export const READY_BUDGET_MS = 1500;

/** Asks the database for one row within the budget; null when it answered, else what went wrong. */
async function databaseProblem(database: Db, budgetMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${budgetMs} ms`), budgetMs);
  });
  const probe = sql`select 1`
    .execute(database.db)
    .then(() => null)
    .catch((err: unknown) => {
      const e = err as { code?: string; message?: string };
      return `the database is unreachable (${e.code ?? e.message ?? 'unknown error'})`;
    });
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** For operators: /healthz is the process (never touches the database), /readyz the database. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const problem = await databaseProblem(app.ctx.database, READY_BUDGET_MS);
    reply.header('cache-control', 'no-store');
    if (problem) return reply.status(503).send({ status: 'not ready', problem });
    return reply.send({ status: 'ready', database: app.ctx.database.engine });
  });
};

export default healthRoutes;
