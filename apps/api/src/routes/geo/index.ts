import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@spajobs/contract/common';
import {
  citySearchQuery,
  citySearchResponse,
  reverseGeoQuery,
  reverseGeoResponse,
} from '@spajobs/contract/stats';
import { messages } from '@spajobs/contract/messages';
import { nearestPlace, searchCities } from '../../geo/gazetteer.ts';
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

  app.get(
    '/geo/cities',
    {
      schema: {
        tags: ['geo'],
        summary: 'Indian cities whose name starts with q (offline gazetteer), to pick a place by hand',
        querystring: citySearchQuery,
        response: { 200: citySearchResponse, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { success: true as const, data: searchCities(req.query.q, req.query.limit) };
    },
  );
};

export default geoRoutes;
