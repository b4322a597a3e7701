import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';

import { apiErrorSchema, DEFAULT_RADIUS_KM, SPA_PAGE_SIZE, idParam } from '@spajobs/contract/common';
import {
  citiesQuery,
  namesResponse,
  nearSpaQuery,
  spaAllQuery,
  spaListResponse,
  spaNearResponse,
  spaSearchQuery,
} from '@spajobs/contract/spa';
import { spaDetailsResponse } from '@spajobs/contract/job';
import { messages } from '@spajobs/contract/messages';
import { notFound } from '../../lib/http-error.ts';
import { assertWithinWindow, paging, windowPageCount } from '../../lib/paging.ts';
import { parseId } from '../../repositories/spa-repository.ts';

const NEAR_DEFAULT_LIMIT = 50;

const spaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { spas, jobs, cache } = app.ctx;
  const tags = ['spas'];

  app.get(
    '/nearspa',
    {
      config: { cacheSeconds: 15 },
      schema: {
        tags,
        summary: 'Spas within a radius of a point, nearest first',
        querystring: nearSpaQuery,
        response: { 200: spaNearResponse, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { lat, lng } = req.query;
      const radiusKm = req.query.radius ?? DEFAULT_RADIUS_KM;
      const { json, total, totalCapped } = await spas.nearJson(
        { lat, lng, radiusKm },
        {},
        1,
        req.query.limit ?? NEAR_DEFAULT_LIMIT,
      );
      // The spas as the database wrote them in the contract's shape (decision 79), sent as they are: a
      // string with a JSON type is not serialized again. Its shape is the tests' to check (near-centre).
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(`{"success":true,"data":${json},"count":${total},"countCapped":${totalCapped}}`);
    },
  );

  app.get(
    '/spaall',
    {
      config: { cacheSeconds: 15 },
      schema: {
        tags,
        summary: 'All spas, paged (capped)',
        querystring: spaAllQuery,
        response: { 200: spaListResponse, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const { page, limit } = paging(req.query, SPA_PAGE_SIZE * 4);
      assertWithinWindow(page, limit);
      const { data, total, totalCapped } = await spas.search({}, page, limit);
      return { success: true as const, data, total, totalCapped, page, pages: windowPageCount(total, limit) };
    },
  );

  app.get(
    '/search',
    {
      config: { cacheSeconds: 15 },
      schema: {
        tags,
        summary: 'Search spas by name, state, city and distance',
        querystring: spaSearchQuery,
        response: { 200: spaListResponse, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const { page, limit } = paging(req.query, SPA_PAGE_SIZE);
      assertWithinWindow(page, limit);
      const { name, state, city, lat, lng, radius } = req.query;
      const filters = { name, state, city };
      const result =
        lat !== undefined && lng !== undefined && radius !== undefined
          ? await spas.near({ lat, lng, radiusKm: radius }, filters, page, limit)
          : await spas.search(
              filters,
              page,
              limit,
              lat !== undefined && lng !== undefined ? { lat, lng } : undefined,
            );
      return { success: true as const, ...result, page, pages: windowPageCount(result.total, limit) };
    },
  );

  app.get(
    '/locations/states',
    {
      config: { cacheSeconds: 300 },
      schema: { tags, summary: 'States that have spas', response: { 200: namesResponse } },
    },
    async () => cache.get('spa-states', () => spas.states()),
  );

  app.get(
    '/locations/cities',
    {
      config: { cacheSeconds: 300 },
      schema: {
        tags,
        summary: 'Cities that have spas, optionally in one state',
        querystring: citiesQuery,
        response: { 200: namesResponse, 400: apiErrorSchema },
      },
    },
    async (req) => cache.get(`spa-cities:${req.query.state ?? ''}`, () => spas.cities(req.query.state)),
  );

  app.get(
    '/spa/:id/details',
    {
      config: { cacheSeconds: 15 },
      schema: {
        tags,
        summary: 'A spa and its open jobs',
        params: idParam,
        response: { 200: spaDetailsResponse, 404: apiErrorSchema },
      },
    },
    async (req) => {
      const id = parseId(req.params.id);
      const spa = id ? await spas.findById(id) : null;
      if (!spa || !id) throw notFound(messages.spaNotFound);
      return { success: true as const, spa, jobs: await jobs.forSpa(id) };
    },
  );
};

export default spaRoutes;
