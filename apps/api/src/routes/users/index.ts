import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@spajobs/contract/common';
import { messages } from '@spajobs/contract/messages';
import {
  authResponse,
  deleteAccountPayload,
  forgotPasswordPayload,
  loginPayload,
  messageResponse,
  profileSchema,
  profileUpdatePayload,
  profileUpdateResponse,
  registerPayload,
  resetPasswordPayload,
  uploadResponse,
} from '@spajobs/contract/user';
import type { UserRow } from '../../db/schema.ts';
import { normalisePhoto, resumeType } from '../../lib/file-check.ts';
import { badRequest, forbidden, HttpError, unauthorized } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashLinkToken, newLinkToken, signSessionToken } from '../../lib/tokens.ts';
import { requireUser, signedInUser } from '../../plugins/auth.ts';
import { chosenLanguageOf } from '../../plugins/language.ts';
import { resetPasswordMail } from '../../lib/account-mail.ts';
import { readMultipart } from '../../plugins/multipart.ts';
import { LIMITS, limiter, perIp } from '../../plugins/rate-limit.ts';
import { isUniqueViolation, parseLogin, toProfile } from '../../repositories/user-repository.ts';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, apiErrorSchema]));
const bearer = [{ bearer: [] }];

/** The key a sign-in or reset request is counted under: the account it names. */
const accountKey = (login: string) => {
  const k = parseLogin(login);
  return 'email' in k ? `email:${k.email}` : `phone:${k.phone}`;
};

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, passwordResets, storage, mailer, config } = app.ctx;
  const tags = ['users'];

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

  /** 409 naming the e-mail or phone that already belongs to another account. */
  const refuseTaken = (taken: { email: boolean; phone: boolean }) => {
    const fields: Record<string, string> = {};
    if (taken.email) fields.email = messages.emailTaken;
    if (taken.phone) fields.phone = messages.phoneTaken;
    const first = Object.values(fields)[0];
    if (first) throw new HttpError(409, first, fields);
  };

  app.post(
    '/register',
    {
      onRequest: perIp(app, LIMITS.registerPerIp),
      schema: {
        tags,
        summary: 'Create a candidate account (role "user" only) and sign in',
        body: registerPayload,
        response: { 201: authResponse, ...errors(400, 409, 429) },
      },
    },
    async (req, reply) => {
      const { role: _role, password, ...fields } = req.body;
      refuseTaken(await users.taken(fields.email, fields.phone));
      const passwordHash = await hashPassword(password);
      let user: UserRow;
      try {
        user = await users.create({
          ...fields,
          password_hash: passwordHash,
          role: 'user',
          language: chosenLanguageOf(req),
        });
      } catch (err) {
        // Another registration with the same e-mail or phone got in first.
        if (isUniqueViolation(err)) refuseTaken(await users.taken(fields.email, fields.phone));
        throw err;
      }
      return reply.status(201).send(await authAnswer(user));
    },
  );

  // Wrong passwords slow down the address that sends them, never the account's owner elsewhere.
  const throttle = app.ctx.loginThrottle;
  app.post(
    '/login',
    {
      onRequest: perIp(app, LIMITS.loginPerIp),
      schema: {
        tags,
        summary: 'Sign in with an e-mail address or a 10-digit phone number',
        body: loginPayload,
        response: { 200: authResponse, ...errors(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      const user = await users.findByLogin(req.body.login);
      const account = user ? `user:${user.id}` : accountKey(req.body.login);
      const wait = (await throttle?.waitMs(account, req.ip)) ?? 0;
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw new HttpError(429, messages.tooManyRequests);
      }
      // Checked even for an unknown account (against a dummy hash): the
      // answer and its timing are the same whether or not the account exists.
      const ok = await verifyPassword(user?.password_hash, req.body.password);
      if (!user || !ok) {
        await throttle?.failure(account, req.ip);
        throw unauthorized(messages.invalidCredentials);
      }
      await throttle?.success(account, req.ip);
      if (user.disabled_at !== null) throw forbidden(messages.accountDisabled);
      if (user.role !== 'user') throw forbidden(messages.loginAccessDenied);
      await users.rememberLanguage(user, chosenLanguageOf(req));
      return authAnswer(user);
    },
  );

  app.get(
    '/profile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in candidate's profile",
        security: bearer,
        response: { 200: profileSchema, ...errors(401, 403) },
      },
    },
    async (req) => toProfile(signedInUser(req)),
  );

  app.put(
    '/profile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Update the signed-in candidate's profile",
        security: bearer,
        body: profileUpdatePayload,
        response: { 200: profileUpdateResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      const b = req.body;
      const language = chosenLanguageOf(req);
      refuseTaken(await users.taken(b.email, b.phone, me.id));
      let updated: UserRow | undefined;
      try {
        updated = await users.update(me.id, {
          firstname: b.firstname,
          lastname: b.lastname,
          email: b.email,
          phone: b.phone,
          gender: b.gender,
          dob: b.dob,
          qualification: b.qualification,
          experience: b.experience,
          skills: JSON.stringify(b.skills),
          address: b.address,
          ...(language ? { language } : {}),
        });
      } catch (err) {
        if (isUniqueViolation(err)) refuseTaken(await users.taken(b.email, b.phone, me.id));
        throw err;
      }
      if (!updated) throw unauthorized(messages.sessionExpired);
      return { success: true as const, message: messages.profileUpdated, user: toProfile(updated) };
    },
  );

  app.delete(
    '/profile',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Delete the signed-in candidate's account, files and personal data",
        description:
          'Removes the account, its applications, profile photo and resume, and the guest applications and ' +
          'contact messages sent with the same e-mail or phone. An account with a password must give it.',
        security: bearer,
        body: deleteAccountPayload,
        response: { 200: messageResponse, ...errors(400, 401, 403) },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      if (me.password_hash && !(await verifyPassword(me.password_hash, req.body.password ?? ''))) {
        throw new HttpError(403, messages.deletePasswordWrong, { password: messages.deletePasswordWrong });
      }
      const deleted = await users.deleteAccount(me.id);
      if (!deleted) throw unauthorized(messages.sessionExpired);
      // Files go once no row points at them any more.
      await Promise.all(deleted.files.map((f) => storage.remove(f)));
      return { success: true as const, message: messages.accountDeleted };
    },
  );

  app.post(
    '/upload',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary:
          'Upload a profile photo (field profileimage: JPEG or PNG) or a resume (field resume: PDF, DOC or DOCX), up to 5 MB',
        description: 'multipart/form-data with one file, in the field profileimage or resume.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: uploadResponse, ...errors(400, 401, 403, 413) },
      },
    },
    async (req) => {
      const me = signedInUser(req);
      const { file } = await readMultipart(req, ['profileimage', 'resume']);
      if (!file) throw badRequest(messages.resumeMissing);
      const isPhoto = file.field === 'profileimage';
      if (file.data.length === 0) throw badRequest(messages.fileEmpty);

      // Every check happens before anything is written.
      let stored: string;
      if (isPhoto) {
        const photo = await normalisePhoto(file.data);
        if (!photo) throw badRequest(messages.photoType);
        stored = await storage.save('photos', photo.extension, photo.data);
      } else {
        const ext = await resumeType(file.data, file.fileName);
        if (!ext) throw badRequest(messages.resumeType);
        stored = await storage.save('resumes', ext, file.data);
      }

      let saved = false;
      try {
        const updated = await users.update(me.id, isPhoto ? { profile_image: stored } : { resume: stored });
        if (!updated) throw unauthorized(messages.sessionExpired);
        saved = true;
      } finally {
        if (!saved) await storage.remove(stored);
      }
      // The old file goes only once the account points at the new one.
      await storage.remove(isPhoto ? me.profile_image : me.resume);
      return isPhoto
        ? { success: true as const, message: messages.photoUpdated, profileimage: stored }
        : { success: true as const, message: messages.resumeUploaded, resume: stored };
    },
  );

  const forgotPerAccount = limiter(app, LIMITS.forgotPasswordPerAccount);
  app.post(
    '/forgot-password',
    {
      onRequest: perIp(app, LIMITS.forgotPasswordPerIp),
      preHandler: (req, reply) =>
        forgotPerAccount(req, reply, accountKey((req.body as { login: string }).login)),
      schema: {
        tags,
        summary: 'E-mail a single-use link (valid one hour) to set a new password',
        description: 'The answer is the same whether or not an account exists for the e-mail or phone.',
        body: forgotPasswordPayload,
        response: { 200: messageResponse, ...errors(400, 429) },
      },
    },
    async (req) => {
      const user = await users.findByLogin(req.body.login);
      if (user) {
        const { token, hash } = newLinkToken();
        await passwordResets.create(user.id, hash);
        // In the language the account last used; else the one this request was made in.
        const language = user.language === 'hi' || user.language === 'en' ? user.language : req.lang;
        mailer.send(
          resetPasswordMail({
            to: user.email,
            firstname: user.firstname,
            token,
            language,
            site: { brandName: config.site.brandName, publicBaseUrl: config.publicBaseUrl },
          }),
        );
      }
      return { success: true as const, message: messages.resetLinkSent };
    },
  );

  app.post(
    '/reset-password',
    {
      onRequest: perIp(app, LIMITS.resetPasswordPerIp),
      schema: {
        tags,
        summary: 'Set a new password with a reset link; ends every earlier session',
        body: resetPasswordPayload,
        response: { 200: messageResponse, ...errors(400, 429) },
      },
    },
    async (req) => {
      const passwordHash = await hashPassword(req.body.password);
      const userId = await passwordResets.redeem(hashLinkToken(req.body.token), passwordHash);
      if (userId === null) throw badRequest(messages.resetLinkInvalid, { token: messages.resetLinkInvalid });
      await throttle?.resetAccount(`user:${userId}`);
      return { success: true as const, message: messages.passwordResetDone };
    },
  );
};

export default userRoutes;
