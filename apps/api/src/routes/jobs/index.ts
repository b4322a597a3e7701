import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParam, JOB_PAGE_SIZE } from '@spajobs/contract/common';
import {
  jobListQuery,
  jobListResponse,
  jobSchema,
  jobSummaryResponse,
  recentJobsQuery,
  recentJobsResponse,
  SIMILAR_JOBS_LIMIT,
  similarJobsResponse,
} from '@spajobs/contract/job';
import { DEFAULT_RADIUS_KM } from '@spajobs/contract/constants';
import { messages } from '@spajobs/contract/messages';
import { notFound } from '../../lib/http-error.ts';
import { reportPayload } from '@spajobs/contract/employer';
import { z } from 'zod';
import { assertWithinWindow, paging, windowPageCount } from '../../lib/paging.ts';
import { optionalUser } from '../../plugins/auth.ts';
import { LIMITS, perIp } from '../../plugins/rate-limit.ts';
import { parseId } from '../../repositories/spa-repository.ts';

/** A search near a place reads the jobs of at most this many of the nearest spas. */
const NEAR_SPAS_CAP = 2_000;
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, apiErrorSchema]));

/** Registered under /spajobs and again under /jobs (decisions.md). */
const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { jobs, spas, cache } = app.ctx;
  const tags = ['jobs'];

  app.get(
    '/recent',
    {
      config: { cacheSeconds: 30 },
      schema: {
        tags,
        summary: 'Most recently posted open jobs',
        querystring: recentJobsQuery,
        response: { 200: recentJobsResponse, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const { page, limit } = paging(req.query, JOB_PAGE_SIZE);
      assertWithinWindow(page, limit);
      const [data, count] = await Promise.all([
        cache.get(`recent:${page}:${limit}`, () => jobs.recent(page, limit)),
        cache.get('open-jobs', () => jobs.countOpen()),
      ]);
      return { success: true as const, data, count };
    },
  );

  app.get(
    '/summary/all-stats',
    {
      config: { cacheSeconds: 60 },
      schema: {
        tags,
        summary: 'Open jobs by city, state, category, and city with state',
        response: { 200: jobSummaryResponse },
      },
    },
    async () => {
      const summary = await cache.get('summary', () => jobs.summary());
      return { success: true as const, ...summary };
    },
  );

  app.get(
    '/',
    {
      config: { cacheSeconds: 15 },
      schema: {
        tags,
        summary: 'Open jobs, filtered and paged by the server',
        querystring: jobListQuery,
        response: { 200: jobListResponse, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const { page, limit } = paging(req.query, JOB_PAGE_SIZE);
      assertWithinWindow(page, limit);
      const { page: _p, limit: _l, ...filters } = req.query;
      // Near a place: the nearest spas within the radius (10 km unless asked), then their jobs.
      const near =
        filters.lat !== undefined && filters.lng !== undefined
          ? {
              distance: await spas.within(
                filters.lat,
                filters.lng,
                filters.radius ?? DEFAULT_RADIUS_KM,
                NEAR_SPAS_CAP,
              ),
            }
          : undefined;
      const { data, total, totalCapped } = await jobs.search(filters, page, limit, near);
      return { success: true as const, data, total, totalCapped, page, pages: windowPageCount(total, limit) };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One job with its spa; counts a view',
        params: idParam,
        response: { 200: jobSchema, 404: apiErrorSchema },
      },
    },
    async (req) => {
      const id = parseId(req.params.id);
      const job = id ? await jobs.findById(id, { countView: true }) : null;
      if (!job) throw notFound(messages.jobNotFound);
      return job;
    },
  );

  app.get(
    '/:id/similar',
    {
      config: { cacheSeconds: 30 },
      schema: {
        tags,
        summary: "A few open jobs of the job's kind in its city, newest first (offered when it has closed)",
        params: idParam,
        response: { 200: similarJobsResponse, 404: apiErrorSchema },
      },
    },
    async (req) => {
      const id = parseId(req.params.id);
      const job = id ? await jobs.findById(id) : null;
      if (!job) throw notFound(messages.jobNotFound);
      return { success: true as const, data: await jobs.similar(job, SIMILAR_JOBS_LIMIT) };
    },
  );

  app.post(
    '/:id/report',
    {
      onRequest: perIp(app, LIMITS.contactPerIp),
      preHandler: optionalUser,
      schema: {
        tags,
        summary: 'Report a job (fake, asks for money, wrong details); reports reach the admins',
        params: idParam,
        body: reportPayload,
        response: {
          201: z.object({ success: z.literal(true), message: z.string() }),
          ...errors(400, 401, 404, 429),
        },
      },
    },
    async (req, reply) => {
      const id = parseId(req.params.id);
      const job = id ? await jobs.findById(id) : null;
      if (!job || !id) throw notFound(messages.jobNotFound);
      await app.ctx.admin.report(id, req.user?.id ?? null, req.body.reason, req.body.details);
      return reply.status(201).send({ success: true as const, message: messages.reportSent });
    },
  );
};

export default jobRoutes;
