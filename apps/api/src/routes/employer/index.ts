import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParam } from '@spajobs/contract/common';
import {
  addMemberPayload,
  applicantSchema,
  applicantsQuery,
  bulkStatusPayload,
  employerJobSchema,
  galleryImageQuery,
  MAX_GALLERY_IMAGES,
  spaImagesResponse,
  jobActionParam,
  jobPayload,
  mySpaSchema,
  newJobPayload,
  spaPayload,
  statusChangePayload,
} from '@spajobs/contract/employer';
import { messages } from '@spajobs/contract/messages';
import { authResponse, loginPayload, registerPayload } from '@spajobs/contract/user';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../lib/http-error.ts';
import { pageCount, paging } from '../../lib/paging.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { statusMail } from '../../lib/pipeline-mail.ts';
import { signSessionToken } from '../../lib/tokens.ts';
import { normalisePhoto } from '../../lib/file-check.ts';
import { readMultipart } from '../../plugins/multipart.ts';
import type { SpaImages } from '../../repositories/employer-repository.ts';
import { requireEmployer, signedInUser } from '../../plugins/auth.ts';
import { chosenLanguageOf } from '../../plugins/language.ts';
import { LIMITS, perIp } from '../../plugins/rate-limit.ts';
import type { Outcome, StatusNotice } from '../../repositories/employer-repository.ts';
import { parseId } from '../../repositories/spa-repository.ts';
import { isUniqueViolation, parseLogin } from '../../repositories/user-repository.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, apiErrorSchema]));
const bearer = [{ bearer: [] }];
const ok = z.object({ success: z.literal(true), message: z.string().optional() });
const APPLICANTS_PAGE_SIZE = 20;

/** Turns a repository refusal into the right answer. */
function settle<T>(r: Outcome<T>, notFoundMessage: string, conflictMessage: string): T {
  if (r.ok) return r.value;
  if (r.reason === 'not-found') throw notFound(notFoundMessage);
  if (r.reason === 'forbidden') throw forbidden(messages.spaOwnersOnly);
  throw conflict(conflictMessage);
}

const idOf = (raw: string, message: string) => {
  const id = parseId(raw);
  if (!id) throw notFound(message);
  return id;
};

const employerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, employers, storage, mailer, config } = app.ctx;
  const tags = ['employer'];
  const guarded = { preHandler: requireEmployer };

  const authAnswer = async (user: UserRow) => ({
    success: true as const,
    token: await signSessionToken(user, config.jwtSecret, config.jwtTtlSeconds),
    _id: String(user.id),
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role: user.role,
    profileimage: user.profile_image,
  });

  const tellCandidate = (n: StatusNotice) => {
    if (!n.email) return;
    mailer.send(
      statusMail(
        { ...n, email: n.email },
        { brandName: config.site.brandName, publicBaseUrl: config.publicBaseUrl },
      ),
    );
  };

  app.post(
    '/register',
    {
      onRequest: perIp(app, LIMITS.registerPerIp),
      schema: {
        tags,
        summary: 'Create an employer account ("I am hiring") and sign in',
        body: registerPayload.omit({ role: true }),
        response: { 201: authResponse, ...errors(400, 409, 429) },
      },
    },
    async (req, reply) => {
      const { password, ...fields } = req.body;
      const refuse = (taken: { email: boolean; phone: boolean }) => {
        const f: Record<string, string> = {};
        if (taken.email) f.email = messages.emailTaken;
        if (taken.phone) f.phone = messages.phoneTaken;
        const first = Object.values(f)[0];
        if (first) throw new HttpError(409, first, f);
      };
      refuse(await users.taken(fields.email, fields.phone));
      let user: UserRow;
      try {
        user = await users.create({
          ...fields,
          password_hash: await hashPassword(password),
          role: 'employer',
          language: chosenLanguageOf(req),
        });
      } catch (err) {
        if (isUniqueViolation(err)) refuse(await users.taken(fields.email, fields.phone));
        throw err;
      }
      return reply.status(201).send(await authAnswer(user));
    },
  );

  // Wrong passwords slow down the address that sends them, as on the candidates' sign-in.
  const throttle = app.ctx.loginThrottle;
  app.post(
    '/login',
    {
      onRequest: perIp(app, LIMITS.loginPerIp),
      schema: {
        tags,
        summary: 'Sign in to the employer or admin area',
        body: loginPayload,
        response: { 200: authResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      const user = await users.findByLogin(req.body.login);
      const k = parseLogin(req.body.login);
      const account = user ? `user:${user.id}` : 'email' in k ? `email:${k.email}` : `phone:${k.phone}`;
      const wait = (await throttle?.waitMs(account, req.ip)) ?? 0;
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw new HttpError(429, messages.tooManyRequests);
      }
      const valid = await verifyPassword(user?.password_hash, req.body.password);
      if (!user || !valid) {
        await throttle?.failure(account, req.ip);
        throw unauthorized(messages.invalidCredentials);
      }
      await throttle?.success(account, req.ip);
      if (user.disabled_at !== null) throw forbidden(messages.accountDisabled);
      if (user.role !== 'employer' && user.role !== 'admin') throw forbidden(messages.staffOnly);
      await users.rememberLanguage(user, chosenLanguageOf(req));
      return authAnswer(user);
    },
  );

  // ---- Spas -------------------------------------------------------------

  app.get(
    '/spas',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The spas the signed-in employer belongs to',
        security: bearer,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(mySpaSchema) }),
          ...errors(401, 403),
        },
      },
    },
    async (req) => ({ success: true as const, data: await employers.mySpas(signedInUser(req).id) }),
  );

  app.post(
    '/spas',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Create a spa; it is pending until an admin verifies it',
        security: bearer,
        body: spaPayload,
        response: {
          201: z.object({ success: z.literal(true), spaId: z.string() }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (req, reply) => {
      const spaId = await employers.createSpa(signedInUser(req).id, req.body);
      return reply.status(201).send({ success: true as const, spaId: String(spaId) });
    },
  );

  app.put(
    '/spas/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Edit one of the employer's spas (a rejected spa goes back to pending)",
        security: bearer,
        params: idParam,
        body: spaPayload,
        response: { 200: ok, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const spaId = idOf(req.params.id, messages.spaNotMember);
      settle(await employers.updateSpa(signedInUser(req), spaId, req.body), messages.spaNotMember, '');
      app.ctx.listingsChanged();
      return { success: true as const };
    },
  );

  app.post(
    '/spas/:id/claim',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Claim a listed spa that no employer manages yet; it waits for an admin',
        security: bearer,
        params: idParam,
        response: { 200: ok, ...errors(401, 403, 404, 409) },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      if (me.role !== 'employer') throw forbidden(messages.employersOnly);
      const spaId = idOf(req.params.id, messages.spaNotFound);
      settle(await employers.claimSpa(me.id, spaId), messages.spaNotFound, messages.spaAlreadyClaimed);
      return { success: true as const };
    },
  );

  app.post(
    '/spas/:id/members',
    {
      ...guarded,
      schema: {
        tags,
        summary: "The spa's owner adds another employer account, by e-mail or phone",
        security: bearer,
        params: idParam,
        body: addMemberPayload,
        response: { 200: ok, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const spaId = idOf(req.params.id, messages.spaNotMember);
      const me = signedInUser(req);
      const role = await employers.memberRole(me, spaId);
      if (!role) throw notFound(messages.spaNotMember);
      if (role !== 'owner') throw forbidden(messages.spaOwnersOnly);
      const other = await users.findByLogin(req.body.login);
      if (!other || other.role !== 'employer' || other.disabled_at !== null)
        throw badRequest(messages.memberNotFound, { login: messages.memberNotFound });
      settle(await employers.addMember(me, spaId, other.id), messages.spaNotMember, messages.memberAlready);
      return { success: true as const };
    },
  );

  // ---- Spa pictures ------------------------------------------------------

  /** Gallery pictures are kept larger than profile photos: they fill the spa page's carousel. */
  const GALLERY_MAX_SIDE = 1280;
  const LOGO_MAX_SIDE = 512;

  /**
   * Checks and stores one uploaded picture, then changes the spa's pictures
   * through `change`. The file is written first and removed again when the
   * change is refused or fails; a picture the change replaced or removed goes
   * only once the row no longer names it.
   */
  const changePictures = async (
    req: FastifyRequest<{ Params: { id: string } }>,
    field: string | null,
    maxSide: number,
    change: (now: SpaImages, stored: string | null) => SpaImages | 'full' | 'missing',
  ) => {
    const spaId = idOf(req.params.id, messages.spaNotMember);
    const me = signedInUser(req);
    // The membership is checked before the upload is even read.
    if (!(await employers.memberRole(me, spaId))) throw notFound(messages.spaNotMember);
    let stored: string | null = null;
    if (field) {
      const { file } = await readMultipart(req, [field]);
      if (!file || file.data.length === 0)
        throw badRequest(messages.spaImageType, { [field]: messages.spaImageType });
      const picture = await normalisePhoto(file.data, maxSide);
      if (!picture) throw badRequest(messages.spaImageType, { [field]: messages.spaImageType });
      stored = await storage.save('photos', picture.extension, picture.data);
    }
    let r: Awaited<ReturnType<typeof employers.changeSpaImages>> | undefined;
    try {
      r = await employers.changeSpaImages(me, spaId, (now) => change(now, stored));
    } finally {
      if (stored && !r?.ok) await storage.remove(stored);
    }
    if (!r.ok) {
      if (r.reason === 'not-found') throw notFound(messages.spaNotMember);
      if (r.reason === 'full') throw conflict(messages.spaGalleryFull);
      throw notFound(messages.spaImageNotFound);
    }
    const kept = new Set([r.after.logo, ...r.after.gallery]);
    for (const old of [r.before.logo, ...r.before.gallery])
      if (old && !kept.has(old)) await storage.remove(old);
    app.ctx.listingsChanged();
    return { logo: r.after.logo, galleryImages: r.after.gallery };
  };

  const pictureRoute = {
    ...guarded,
    schema: {
      tags,
      security: bearer,
      params: idParam,
      consumes: ['multipart/form-data'],
      response: { 200: spaImagesResponse, ...errors(400, 401, 403, 404, 409, 413) },
    },
  };

  app.post(
    '/spas/:id/logo',
    {
      ...pictureRoute,
      schema: {
        ...pictureRoute.schema,
        summary: "Set the spa's logo (field logo: JPEG or PNG, up to 5 MB; fitted within 512×512)",
      },
    },
    async (req) => ({
      success: true as const,
      message: messages.spaLogoUpdated,
      ...(await changePictures(req, 'logo', LOGO_MAX_SIDE, (now, stored) => ({ ...now, logo: stored }))),
    }),
  );

  app.post(
    '/spas/:id/gallery',
    {
      ...pictureRoute,
      schema: {
        ...pictureRoute.schema,
        summary: `Add a picture to the spa's gallery (field image: JPEG or PNG, up to 5 MB; at most ${MAX_GALLERY_IMAGES})`,
      },
    },
    async (req) => ({
      success: true as const,
      message: messages.spaImageAdded,
      ...(await changePictures(req, 'image', GALLERY_MAX_SIDE, (now, stored) =>
        now.gallery.length >= MAX_GALLERY_IMAGES ? 'full' : { ...now, gallery: [...now.gallery, stored!] },
      )),
    }),
  );

  app.delete(
    '/spas/:id/gallery',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Remove a picture from the spa's gallery",
        security: bearer,
        params: idParam,
        querystring: galleryImageQuery,
        response: { 200: spaImagesResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      message: messages.spaImageRemoved,
      ...(await changePictures(req, null, 0, (now) =>
        now.gallery.includes(req.query.image)
          ? { ...now, gallery: now.gallery.filter((g) => g !== req.query.image) }
          : 'missing',
      )),
    }),
  );

  // ---- Jobs -------------------------------------------------------------

  app.get(
    '/jobs',
    {
      ...guarded,
      schema: {
        tags,
        summary: "The employer's jobs with views, applications and applicants by status",
        security: bearer,
        querystring: z.object({ spaId: z.string().max(64).optional() }),
        response: {
          200: z.object({ success: z.literal(true), data: z.array(employerJobSchema) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      let spaId: number | undefined;
      if (req.query.spaId) {
        spaId = idOf(req.query.spaId, messages.spaNotMember);
        if (!(await employers.memberRole(me, spaId))) throw notFound(messages.spaNotMember);
      }
      return { success: true as const, data: await employers.jobs(me, spaId) };
    },
  );

  app.post(
    '/jobs',
    {
      ...guarded,
      schema: {
        tags,
        summary:
          'Post a job for one of the employer’s spas (open 30 days; waits for moderation until the spa is verified)',
        security: bearer,
        body: newJobPayload,
        response: {
          201: z.object({ success: z.literal(true), jobId: z.string(), moderation: z.string() }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const me = signedInUser(req);
      const { spaId: rawSpa, ...fields } = req.body;
      const spaId = idOf(rawSpa, messages.spaNotMember);
      const jobId = settle(
        await employers.createJob(me, spaId, fields),
        messages.spaNotMember,
        messages.spaRejected,
      );
      app.ctx.listingsChanged();
      const [job] = (await employers.jobs(me, spaId)).filter((j) => j._id === String(jobId));
      return reply
        .status(201)
        .send({ success: true as const, jobId: String(jobId), moderation: job?.moderation ?? 'pending' });
    },
  );

  app.put(
    '/jobs/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Edit a job (not once it is closed)',
        security: bearer,
        params: idParam,
        body: jobPayload,
        response: { 200: ok, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const jobId = idOf(req.params.id, messages.jobNotFound);
      settle(
        await employers.updateJob(signedInUser(req), jobId, req.body),
        messages.jobNotFound,
        messages.jobStateConflict,
      );
      app.ctx.listingsChanged();
      return { success: true as const };
    },
  );

  app.post(
    '/jobs/:id/:action',
    {
      ...guarded,
      schema: {
        tags,
        summary:
          'Pause, resume, close or renew (30 more days) a job; 409 when the job is not in a state for it',
        security: bearer,
        params: jobActionParam,
        response: { 200: ok, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const jobId = idOf(req.params.id, messages.jobNotFound);
      settle(
        await employers.jobAction(signedInUser(req), jobId, req.params.action),
        messages.jobNotFound,
        messages.jobStateConflict,
      );
      app.ctx.listingsChanged();
      return { success: true as const };
    },
  );

  // ---- Applicants -------------------------------------------------------

  app.get(
    '/applications',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Applicants to the employer's spas, newest first; by spa, job and status",
        security: bearer,
        querystring: applicantsQuery.extend({ spaId: z.string().max(64).optional() }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(applicantSchema),
            total: z.number().int(),
            page: z.number().int(),
            pages: z.number().int(),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      const { page, limit } = paging(req.query, APPLICANTS_PAGE_SIZE);
      const spaId = req.query.spaId ? idOf(req.query.spaId, messages.spaNotMember) : undefined;
      if (spaId !== undefined && !(await employers.memberRole(me, spaId)))
        throw notFound(messages.spaNotMember);
      const jobId = req.query.jobId ? idOf(req.query.jobId, messages.jobNotFound) : undefined;
      const { data, total } = await employers.applicants(
        me,
        {
          ...(spaId ? { spaId } : {}),
          ...(jobId ? { jobId } : {}),
          ...(req.query.status ? { status: req.query.status } : {}),
        },
        page,
        limit,
      );
      return { success: true as const, data, total, page, pages: pageCount(total, limit) };
    },
  );

  app.get(
    '/applications/:id/resume',
    {
      ...guarded,
      schema: {
        tags,
        summary: "An applicant's resume, as an attachment (only for that spa's employers and admins)",
        security: bearer,
        params: idParam,
      },
    },
    async (req, reply) => {
      const appId = idOf(req.params.id, messages.applicationNotFound);
      const resume = settle(
        await employers.resumeOf(signedInUser(req), appId),
        messages.applicationNotFound,
        '',
      );
      const m = /^\/uploads\/resumes\/([^/]+)$/.exec(resume ?? '');
      const file = m ? storage.path('resumes', m[1]!) : null;
      if (!file || !fs.existsSync(file)) throw notFound(messages.noResume);
      const ext = path.extname(file).slice(1);
      const type =
        ext === 'pdf'
          ? 'application/pdf'
          : ext === 'doc'
            ? 'application/msword'
            : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
      return reply
        .type(type)
        .header('content-disposition', `attachment; filename="resume-${appId}.${ext}"`)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(file));
    },
  );

  app.post(
    '/applications/:id/status',
    {
      ...guarded,
      schema: {
        tags,
        summary:
          'Move an applicant: shortlisted, interview (date, time and place), hired or rejected; 409 for a move the pipeline does not allow',
        security: bearer,
        params: idParam,
        body: statusChangePayload,
        response: { 200: ok, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const appId = idOf(req.params.id, messages.applicationNotFound);
      const notice = settle(
        await employers.changeStatus(signedInUser(req), appId, req.body),
        messages.applicationNotFound,
        messages.applicationStateConflict,
      );
      tellCandidate(notice);
      return { success: true as const };
    },
  );

  app.post(
    '/applications/bulk-status',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Shortlist or reject several applicants at once (all or none)',
        security: bearer,
        body: bulkStatusPayload,
        response: { 200: ok.extend({ changed: z.number().int() }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const ids = req.body.ids.map((raw) => idOf(raw, messages.applicationNotFound));
      const notices = settle(
        await employers.bulkStatus(signedInUser(req), [...new Set(ids)], req.body.status),
        messages.applicationNotFound,
        messages.applicationStateConflict,
      );
      notices.forEach(tellCandidate);
      return { success: true as const, changed: notices.length };
    },
  );
};

export default employerRoutes;
