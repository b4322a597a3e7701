import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@spajobs/contract/common';
import {
  citySearchQuery,
  citySearchResponse,
  reverseGeoQuery,
  reverseGeoResponse,
} from '@spajobs/contract/stats';
import { messages } from '@spajobs/contract/messages';
import { z } from 'zod';
import { findPlace, nearestPlace, searchCities } from '../../geo/gazetteer.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';

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
    '/geo/place',
    {
      schema: {
        tags: ['geo'],
        summary: 'Coordinates of a known Indian city (offline gazetteer), to place a spa on the map',
        querystring: z.object({
          city: z.string().trim().min(1).max(100),
          state: z.string().trim().max(100).optional(),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            city: z.string(),
            state: z.string(),
            lat: z.number(),
            lng: z.number(),
          }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const place = findPlace(req.query.city, req.query.state);
      if (!place) throw notFound(messages.cityNotListed);
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
