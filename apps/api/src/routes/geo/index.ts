import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@spajobs/contract/common';
import { reverseGeoQuery, reverseGeoResponse } from '@spajobs/contract/stats';
import { messages } from '@spajobs/contract/messages';
import { nearestPlace } from '../../geo/gazetteer.ts';
import { badRequest } from '../../lib/http-error.ts';

const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geo/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'Nearest known Indian city and its state (offline gazetteer)',
        querystring: reverseGeoQuery,
        response: { 200: reverseGeoResponse, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const place = nearestPlace(req.query.lat, req.query.lng);
      if (!place)
        throw badRequest(messages.outsideIndia, { lat: messages.outsideIndia, lng: messages.outsideIndia });
      reply.header('cache-control', 'public, max-age=86400');
      return { success: true as const, ...place };
    },
  );
};

export default geoRoutes;
