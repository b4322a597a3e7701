import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gallerySvg, logoSvg } from '../../demo/images.ts';

const params = z.object({ n: z.string().regex(/^\d{1,6}\.svg$/) });

/** Demo spa pictures, drawn on request and cached by browsers for a year. */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [kind, draw] of [
    ['logo', logoSvg],
    ['gallery', gallerySvg],
  ] as const) {
    app.get(`/media/${kind}/:n`, { schema: { hide: true, params } }, async (req, reply) => {
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      return draw(parseInt(req.params.n, 10));
    });
  }
};

export default mediaRoutes;
