import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteStatsResponse } from '@spajobs/contract/stats';

const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, spas, jobs, cache } = app.ctx;
  app.get(
    '/stats',
    {
      config: { cacheSeconds: 60 },
      schema: { tags: ['stats'], summary: 'Site totals', response: { 200: siteStatsResponse } },
    },
    async () =>
      cache.get('site-stats', async () => {
        const users = await database.db
          .selectFrom('users')
          .where('role', '=', 'user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return {
          totalUsers: Number(users.n),
          totalSpas: await spas.count(),
          totalJobs: await jobs.countOpen(),
        };
      }),
  );
};

export default statsRoutes;
