import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLIED_JOB_IDS_LIMIT,
  appliedJobIdsResponse,
  applicationsQuery,
  applicationsResponse,
  applyResponse,
  applyUserPayload,
  countResponse,
  guestApplicationFields,
} from '@spajobs/contract/application';
import { apiErrorSchema, idParam } from '@spajobs/contract/common';
import { z } from 'zod';
import { messages } from '@spajobs/contract/messages';
import { resumeType } from '../../lib/file-check.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { pageCount, paging } from '../../lib/paging.ts';
import { requireUser, signedInUser } from '../../plugins/auth.ts';
import { chosenLanguageOf } from '../../plugins/language.ts';
import { readMultipart } from '../../plugins/multipart.ts';
import { LIMITS, limiter, perIp } from '../../plugins/rate-limit.ts';
import { parseId } from '../../repositories/spa-repository.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, apiErrorSchema]));
const bearer = [{ bearer: [] }];
const withdrawResponse = z.object({ success: z.literal(true) });
/** Applications listed per page when the client does not say. */
const APPLICATIONS_PAGE_SIZE = 20;

/** The guest form's parts, by their multipart names. */
const GUEST_PARTS = {
  job: 'job',
  name: 'guestInfo[name]',
  email: 'guestInfo[email]',
  phone: 'guestInfo[phone]',
} as const;

const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { applications, jobs, storage, employers, digests, users } = app.ctx;
  const tags = ['applications'];

  /** The spa hears of a new application; a failure to send never fails the application. */
  const tellSpa = (applicationId: number, jobId: number) =>
    digests.afterApplication(applicationId, jobId).catch((err: unknown) => {
      app.log.error({ err, applicationId }, 'new-application e-mail failed');
    });

  app.post(
    '/apply/user',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Apply to a job as the signed-in candidate',
        description: 'Refused with 409 when the same account applied to the job within the last 15 days.',
        security: bearer,
        body: applyUserPayload,
        response: { 201: applyResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const me = signedInUser(req);
      const jobId = parseId(req.body.jobId);
      const language = chosenLanguageOf(req);
      const result = jobId ? await applications.apply(jobId, { userId: me.id, language }) : null;
      if (!result || (!result.ok && result.reason === 'job-not-found')) throw notFound(messages.jobNotFound);
      if (!result.ok) throw conflict(messages.alreadyApplied);
      await users.rememberLanguage(me, language);
      await tellSpa(result.id, jobId!);
      return reply
        .status(201)
        .send({ success: true as const, message: messages.applySuccess, applicationId: String(result.id) });
    },
  );

  const guestPerEmail = limiter(app, LIMITS.guestApplicationPerEmail);
  app.post(
    '/apply/guest',
    {
      onRequest: perIp(app, LIMITS.guestApplicationPerIp),
      schema: {
        tags,
        summary: 'Apply to a job without an account',
        description:
          'multipart/form-data: job, guestInfo[name], guestInfo[email] and/or guestInfo[phone] (at least one), ' +
          'optional resume (PDF, DOC or DOCX, up to 5 MB). Phone numbers are stored as the 10-digit national ' +
          'number when they are Indian. Refused with 409 when the same e-mail or phone applied to the job ' +
          'within the last 15 days.',
        consumes: ['multipart/form-data'],
        response: { 201: applyResponse, ...errors(400, 404, 409, 413, 429) },
      },
    },
    async (req, reply) => {
      const { fields, file } = await readMultipart(req, ['resume']);
      const parsed = guestApplicationFields.safeParse({
        job: fields[GUEST_PARTS.job],
        name: fields[GUEST_PARTS.name],
        email: fields[GUEST_PARTS.email],
        phone: fields[GUEST_PARTS.phone],
      });
      if (!parsed.success) {
        const issues: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = GUEST_PARTS[issue.path[0] as keyof typeof GUEST_PARTS] ?? String(issue.path[0]);
          issues[key] ??= issue.message;
        }
        throw badRequest(Object.values(issues)[0]!, issues);
      }
      const guest = parsed.data;
      await guestPerEmail(req, reply, guest.email ? `email:${guest.email}` : `phone:${guest.phone}`);

      let resumeExt: Awaited<ReturnType<typeof resumeType>> = null;
      if (file) {
        if (file.data.length === 0) throw badRequest(messages.fileEmpty, { resume: messages.fileEmpty });
        resumeExt = await resumeType(file.data, file.fileName);
        if (!resumeExt) throw badRequest(messages.guestResumeType, { resume: messages.guestResumeType });
      }
      const jobId = parseId(guest.job);
      if (!jobId || !(await jobs.isOpen(jobId))) throw notFound(messages.guestJobNotFound);

      // Written only after every check; removed again unless the row is saved.
      const resume = file && resumeExt ? await storage.save('resumes', resumeExt, file.data) : null;
      let saved = false;
      try {
        const result = await applications.apply(jobId, {
          guest: { name: guest.name, email: guest.email, phone: guest.phone },
          resume,
          // A guest has no account: the application keeps the language of the request.
          language: req.lang,
        });
        if (!result.ok && result.reason === 'job-not-found') throw notFound(messages.guestJobNotFound);
        if (!result.ok) throw conflict(messages.alreadyApplied);
        saved = true;
        await tellSpa(result.id, jobId);
        return reply.status(201).send({
          success: true as const,
          message: messages.guestApplySuccess,
          applicationId: String(result.id),
        });
      } finally {
        if (!saved) await storage.remove(resume);
      }
    },
  );

  app.get(
    '/user/applications',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in candidate's applications, newest first, paged",
        security: bearer,
        querystring: applicationsQuery,
        response: { 200: applicationsResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      const { page, limit } = paging(req.query, APPLICATIONS_PAGE_SIZE);
      const { data, total } = await applications.listForUser(me.id, page, limit);
      return { success: true as const, data, total, page, pages: pageCount(total, limit) };
    },
  );

  app.post(
    '/:id/withdraw',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The candidate withdraws one of their open applications; 409 once it is settled',
        security: bearer,
        params: idParam,
        response: { 200: withdrawResponse, ...errors(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      const id = parseId(req.params.id);
      const r = id ? await employers.changeStatus(me, id, { status: 'withdrawn' }) : null;
      if (!r || (!r.ok && r.reason === 'not-found')) throw notFound(messages.applicationNotFound);
      if (!r.ok) throw conflict(messages.applicationStateConflict);
      return { success: true as const };
    },
  );

  app.get(
    '/user/applied-job-ids',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'The jobs the signed-in candidate applied to (latest 500), to mark them as applied',
        security: bearer,
        response: { 200: appliedJobIdsResponse, ...errors(401, 403) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await applications.appliedJobIds(signedInUser(req).id, APPLIED_JOB_IDS_LIMIT),
    }),
  );

  app.get(
    '/user/applications/count',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'How many jobs the signed-in candidate applied to',
        security: bearer,
        response: { 200: countResponse, ...errors(401, 403) },
      },
    },
    async (req) => ({ count: await applications.countForUser(signedInUser(req).id) }),
  );
};

export default applicationRoutes;
