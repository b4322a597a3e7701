import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParam, optionalText } from '@spajobs/contract/common';
import { messages } from '@spajobs/contract/messages';
import { optionalTextField } from '@spajobs/contract/fields';
import { conflict, notFound } from '../../lib/http-error.ts';
import { requireAdmin, signedInUser } from '../../plugins/auth.ts';
import type { Outcome } from '../../repositories/employer-repository.ts';
import { parseId } from '../../repositories/spa-repository.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, apiErrorSchema]));
const bearer = [{ bearer: [] }];
const ok = z.object({ success: z.literal(true) });
const list = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), data: z.array(item) });

function settle(r: Outcome<null>, notFoundMessage: string): void {
  if (r.ok) return;
  if (r.reason === 'not-found') throw notFound(notFoundMessage);
  throw conflict(messages.jobStateConflict);
}

const idOf = (raw: string, message: string) => {
  const id = parseId(raw);
  if (!id) throw notFound(message);
  return id;
};

/** Rows as CSV text, built in chunks off the request's critical path. */
function toCsv(rows: Record<string, unknown>[], columns: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    stringify(rows, { header: true, columns, bom: true }, (err, out) => (err ? reject(err) : resolve(out)));
  });
}

const APPLICATION_COLUMNS = [
  'application_id',
  'applied_at',
  'status',
  'name',
  'email',
  'phone',
  'guest',
  'job_id',
  'job_title',
  'spa_id',
  'spa_name',
];
const JOB_COLUMNS = [
  'job_id',
  'title',
  'category',
  'city',
  'state',
  'salary',
  'status',
  'moderation',
  'listed',
  'views',
  'posted_at',
  'expires_at',
  'spa_id',
  'spa_name',
];

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app.ctx;
  const tags = ['admin'];
  app.addHook('preHandler', requireAdmin);
  const secured = { tags, security: bearer };

  app.get(
    '/stats',
    {
      schema: {
        ...secured,
        summary: "The site's figures",
        response: {
          200: z.object({ success: z.literal(true), stats: z.record(z.string(), z.number()) }),
          ...errors(401, 403),
        },
      },
    },
    async () => ({ success: true as const, stats: await admin.stats() }),
  );

  app.get(
    '/spas/pending',
    {
      schema: {
        ...secured,
        summary: 'Spas waiting for verification, oldest first',
        response: { 200: list(z.any()), ...errors(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await admin.pendingSpas() }),
  );

  app.post(
    '/spas/:id/verification',
    {
      schema: {
        ...secured,
        summary: 'Verify or reject a spa, with a note the employer sees',
        params: idParam,
        body: z.object({ decision: z.enum(['verified', 'rejected']), note: optionalTextField(1000) }),
        response: { 200: ok, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const spaId = idOf(req.params.id, messages.spaNotFound);
      settle(
        await admin.verifySpa(signedInUser(req).id, spaId, req.body.decision, req.body.note),
        messages.spaNotFound,
      );
      app.ctx.listingsChanged();
      return { success: true as const };
    },
  );

  app.get(
    '/jobs/pending',
    {
      schema: {
        ...secured,
        summary: 'Jobs waiting for moderation, oldest first',
        response: { 200: list(z.any()), ...errors(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await admin.pendingJobs() }),
  );

  app.post(
    '/jobs/:id/moderation',
    {
      schema: {
        ...secured,
        summary: 'Approve or reject a job; a rejected job leaves every listing at once',
        params: idParam,
        body: z.object({ decision: z.enum(['approved', 'rejected']), note: optionalTextField(1000) }),
        response: { 200: ok, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const jobId = idOf(req.params.id, messages.jobNotFound);
      settle(
        await admin.moderateJob(signedInUser(req).id, jobId, req.body.decision, req.body.note),
        messages.jobNotFound,
      );
      app.ctx.listingsChanged();
      return { success: true as const };
    },
  );

  app.get(
    '/reports',
    {
      schema: {
        ...secured,
        summary: 'Open reports of jobs, oldest first',
        response: { 200: list(z.any()), ...errors(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await admin.openReports() }),
  );

  app.post(
    '/reports/:id/resolution',
    {
      schema: {
        ...secured,
        summary: 'Dismiss a report, or reject the reported job',
        params: idParam,
        body: z.object({ action: z.enum(['dismiss', 'reject-job']) }),
        response: { 200: ok, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const reportId = idOf(req.params.id, messages.reportNotFound);
      const r = await admin.resolveReport(signedInUser(req).id, reportId, req.body.action);
      if (!r.ok && r.reason === 'conflict') throw conflict(messages.reportNotFound);
      settle(r, messages.reportNotFound);
      app.ctx.listingsChanged();
      return { success: true as const };
    },
  );

  app.get(
    '/users',
    {
      schema: {
        ...secured,
        summary: 'Accounts, newest first; search by name, e-mail or phone',
        querystring: z.object({ q: optionalText(100) }),
        response: { 200: list(z.any()), ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, data: await admin.searchUsers(req.query.q) }),
  );

  app.post(
    '/users/:id/:action',
    {
      schema: {
        ...secured,
        summary: 'Disable an account (its sessions end at once) or enable it again',
        params: z.object({ id: z.string().max(64), action: z.enum(['disable', 'enable']) }),
        response: { 200: ok, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      const userId = idOf(req.params.id, messages.userNotFound);
      if (userId === me.id) throw conflict(messages.cannotDisableSelf);
      settle(await admin.setDisabled(me.id, userId, req.params.action === 'disable'), messages.userNotFound);
      return { success: true as const };
    },
  );

  app.get(
    '/messages',
    {
      schema: {
        ...secured,
        summary: 'Contact messages, newest first (handled=true for the handled ones)',
        querystring: z.object({ handled: z.enum(['true', 'false']).optional() }),
        response: { 200: list(z.any()), ...errors(400, 401, 403) },
      },
    },
    async (req) => ({ success: true as const, data: await admin.messages(req.query.handled === 'true') }),
  );

  app.post(
    '/messages/:id/handled',
    {
      schema: {
        ...secured,
        summary: 'Mark a contact message handled',
        params: idParam,
        response: { 200: ok, ...errors(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const id = idOf(req.params.id, messages.messageNotFound);
      const r = await admin.markHandled(signedInUser(req).id, id);
      if (!r.ok && r.reason === 'conflict') throw conflict(messages.messageNotFound);
      settle(r, messages.messageNotFound);
      return { success: true as const };
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        ...secured,
        summary: 'The latest admin actions',
        response: { 200: list(z.any()), ...errors(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await admin.auditLog() }),
  );

  app.get(
    '/export/applications.csv',
    {
      schema: {
        ...secured,
        summary: 'Applications as CSV, for one job or one spa (or all)',
        querystring: z.object({ jobId: optionalText(64), spaId: optionalText(64) }),
      },
    },
    async (req, reply) => {
      const jobId = req.query.jobId ? idOf(req.query.jobId, messages.jobNotFound) : undefined;
      const spaId = req.query.spaId ? idOf(req.query.spaId, messages.spaNotFound) : undefined;
      const rows = await admin.applicationRows({ ...(jobId ? { jobId } : {}), ...(spaId ? { spaId } : {}) });
      await admin.audit({
        actorId: signedInUser(req).id,
        action: 'export.applications',
        targetType: 'export',
        targetId: null,
        details: { jobId: jobId ?? null, spaId: spaId ?? null, rows: rows.length },
      });
      const name = jobId ? `applications-job-${jobId}` : spaId ? `applications-spa-${spaId}` : 'applications';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(await toCsv(rows, APPLICATION_COLUMNS));
    },
  );

  app.get('/export/jobs.csv', { schema: { ...secured, summary: 'Every job as CSV' } }, async (req, reply) => {
    const rows = await admin.jobRows();
    await admin.audit({
      actorId: signedInUser(req).id,
      action: 'export.jobs',
      targetType: 'export',
      targetId: null,
      details: { rows: rows.length },
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="jobs.csv"')
      .send(await toCsv(rows, JOB_COLUMNS));
  });
};

export default adminRoutes;
