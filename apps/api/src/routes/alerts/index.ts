import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertListResponse,
  alertMessageResponse,
  alertMessages,
  alertResponse,
  alertTokenPayload,
  createAlertPayload,
  createAlertResponse,
  updateAlertPayload,
  type AlertQuery,
} from '@spajobs/contract/alert';
import { apiErrorSchema, idParam } from '@spajobs/contract/common';
import { findPlace } from '../../geo/gazetteer.ts';
import { confirmAlertMail } from '../../lib/alert-mail.ts';
import { verifyUnsubscribeToken } from '../../lib/alert-tokens.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { readCookie } from '../../lib/oauth-state.ts';
import { hashLinkToken, newLinkToken } from '../../lib/tokens.ts';
import { optionalUser, requireUser, signedInUser } from '../../plugins/auth.ts';
import { limiter, perIp } from '../../plugins/rate-limit.ts';
import { toJobAlert } from '../../repositories/alert-repository.ts';

const HOUR = 3_600_000;
const ALERTS_PER_IP = { max: 20, windowMs: HOUR };
const ALERTS_PER_EMAIL = { max: 5, windowMs: HOUR };
const TOKENS_PER_IP = { max: 60, windowMs: HOUR };

/** The search in one canonical form (keys sorted, words lower-cased), so the same search is found again. */
export function queryKey(q: AlertQuery): string {
  const entries = Object.entries(q)
    .filter(([k, v]) => v !== undefined && v !== '' && k !== 'place')
    .map(([k, v]) => [k, typeof v === 'string' ? v.toLowerCase() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alerts, mailer, config } = app.ctx;
  const perEmail = limiter(app, ALERTS_PER_EMAIL);
  const site = () => ({
    brandName: config.site.brandName,
    publicBaseUrl: config.publicBaseUrl,
    unsubscribeMailto: config.alerts.unsubscribeMailto,
  });

  // Mail clients send RFC 8058's one-click POST as a form ("List-Unsubscribe=One-Click").
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** The city and state must be places we know: the gazetteer's, or a spa's. */
  async function checkPlaces(q: AlertQuery): Promise<void> {
    if (q.city && !findPlace(q.city, q.state) && !(await alerts.knownPlace('city', q.city))) {
      throw badRequest(alertMessages.cityUnknown, { 'query.city': alertMessages.cityUnknown });
    }
  }

  app.post(
    '/',
    {
      onRequest: perIp(app, ALERTS_PER_IP),
      preHandler: optionalUser,
      schema: {
        tags: ['alerts'],
        summary: 'Ask for new jobs of a search by e-mail (a confirmation link is sent first)',
        body: createAlertPayload,
        response: {
          201: createAlertResponse,
          400: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const { email, frequency, query } = req.body;
      await perEmail(req, reply, email);
      await checkPlaces(query);
      const language = req.lang;
      const { token, hash } = newLinkToken();
      const expiresAt = Date.now() + config.alerts.confirmTtlHours * HOUR;
      const result = await alerts.create({
        email,
        userId: req.user?.role === 'user' ? Number(req.user.id) : null,
        query,
        queryKey: queryKey(query),
        frequency,
        language,
        tokenHash: hash,
        tokenExpiresAt: expiresAt,
      });
      if (!result.ok && result.reason === 'too-many') throw conflict(alertMessages.tooMany);
      if (!result.ok) {
        // The same search again: a link that never arrived (or ran out) is sent anew.
        const renewed = await alerts.renewPendingToken(email, queryKey(query), hash, expiresAt, language);
        if (!renewed) throw conflict(alertMessages.duplicate);
        mailer.send(
          confirmAlertMail({
            to: email,
            query,
            language,
            token,
            ttlHours: config.alerts.confirmTtlHours,
            site: site(),
          }),
        );
        return reply.status(201).send({
          success: true as const,
          message: alertMessages.created,
          alert: toJobAlert(renewed),
          confirmationSent: true,
        });
      }
      if (!result.confirmed) {
        mailer.send(
          confirmAlertMail({
            to: email,
            query,
            language,
            token,
            ttlHours: config.alerts.confirmTtlHours,
            site: site(),
          }),
        );
      }
      return reply.status(201).send({
        success: true as const,
        message: result.confirmed ? alertMessages.createdConfirmed : alertMessages.created,
        alert: toJobAlert(result.row),
        confirmationSent: !result.confirmed,
      });
    },
  );

  app.post(
    '/confirm',
    {
      onRequest: perIp(app, TOKENS_PER_IP),
      schema: {
        tags: ['alerts'],
        summary: 'Start an alert with the link from its confirmation e-mail',
        body: alertTokenPayload,
        response: {
          200: alertMessageResponse,
          400: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const r = await alerts.confirm(hashLinkToken(req.body.token));
      if (!r.ok) {
        if (r.reason === 'used') throw new HttpError(409, alertMessages.tokenUsed);
        if (r.reason === 'expired') throw new HttpError(410, alertMessages.tokenExpired);
        throw badRequest(alertMessages.tokenInvalid);
      }
      return { success: true as const, message: alertMessages.confirmed, alert: toJobAlert(r.row) };
    },
  );

  const unsubscribeQuery = z.object({ token: z.string().max(200).default('') });

  // A link opened in a browser shows the page with its button; only a POST unsubscribes,
  // so that link checkers and previews that follow links change nothing.
  // In the language the site's `lang` cookie remembers.
  app.get('/unsubscribe', { schema: { hide: true, querystring: unsubscribeQuery } }, async (req, reply) =>
    reply.redirect(
      `${readCookie(req.headers.cookie, 'lang') === 'hi' ? '/hi' : ''}/alerts/unsubscribe?token=${encodeURIComponent(req.query.token)}`,
      303,
    ),
  );

  app.post(
    '/unsubscribe',
    {
      onRequest: perIp(app, TOKENS_PER_IP),
      schema: {
        tags: ['alerts'],
        summary: 'One-click unsubscribe (RFC 8058): no sign-in, the signed token names the alert',
        querystring: unsubscribeQuery,
        response: { 200: alertMessageResponse, 400: apiErrorSchema },
      },
    },
    async (req) => {
      const body = req.body as { token?: unknown } | undefined;
      const token = req.query.token || (typeof body?.token === 'string' ? body.token : '');
      const id = verifyUnsubscribeToken(token, config.jwtSecret);
      if (id === null) throw badRequest(alertMessages.tokenInvalid);
      // Already gone is as good as done: a second click gets the same answer.
      await alerts.delete(id);
      return { success: true as const, message: alertMessages.unsubscribed };
    },
  );

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags: ['alerts'],
        summary: "The signed-in candidate's job alerts",
        security: [{ bearer: [] }],
        response: { 200: alertListResponse, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (req) => {
      const rows = await alerts.listForUser(Number(signedInUser(req).id));
      return { success: true as const, alerts: rows.map(toJobAlert) };
    },
  );

  const alertId = (raw: string) => {
    const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id)) throw notFound(alertMessages.alertNotFound);
    return id;
  };

  app.patch(
    '/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['alerts'],
        summary: 'Pause, resume or change how often an alert is sent',
        security: [{ bearer: [] }],
        params: idParam,
        body: updateAlertPayload,
        response: { 200: alertResponse, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => {
      const row = await alerts.update(alertId(req.params.id), Number(signedInUser(req).id), req.body);
      if (!row) throw notFound(alertMessages.alertNotFound);
      return { success: true as const, message: alertMessages.updated, alert: toJobAlert(row) };
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['alerts'],
        summary: 'Delete an alert',
        security: [{ bearer: [] }],
        params: idParam,
        response: { 200: alertMessageResponse, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => {
      const ok = await alerts.deleteForUser(alertId(req.params.id), Number(signedInUser(req).id));
      if (!ok) throw notFound(alertMessages.alertNotFound);
      return { success: true as const, message: alertMessages.deleted };
    },
  );
};

export default alertRoutes;
