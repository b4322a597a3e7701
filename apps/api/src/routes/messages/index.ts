import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@spajobs/contract/common';
import { contactPayload } from '@spajobs/contract/contact';
import { messages } from '@spajobs/contract/messages';
import { messageResponse } from '@spajobs/contract/user';
import { LIMITS, perIp } from '../../plugins/rate-limit.ts';

/** Registered under /messages; answers both /messages and /messages/. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contactMessages } = app.ctx;

  app.post(
    '/',
    {
      onRequest: perIp(app, LIMITS.contactPerIp),
      schema: {
        tags: ['messages'],
        summary: 'Send a contact message (any visitor)',
        body: contactPayload,
        response: { 201: messageResponse, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (req, reply) => {
      await contactMessages.create(req.body);
      return reply.status(201).send({ success: true as const, message: messages.contactSent });
    },
  );
};

export default messageRoutes;
