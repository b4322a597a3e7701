import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@spajobs/contract/messages';
import { HttpError } from '../lib/http-error.ts';

function send(reply: FastifyReply, status: number, message: string, fields?: Record<string, string>) {
  return reply
    .status(status)
    .send({ success: false, error: message, message, ...(fields ? { fields } : {}) });
}

/**
 * One error shape for every failure: {success: false, error, message, fields?}.
 * Validation failures name the field; anything unexpected is logged in full and
 * answered with a plain 500, never a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return send(reply, err.statusCode, err.message, err.fields);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request';
        if (!fields[path]) fields[path] = issue.message ?? 'Invalid value';
      }
      const [field, msg] = Object.entries(fields)[0] ?? ['request', 'Invalid request'];
      const message = err.validationContext === 'body' ? msg : `Invalid ${field}: ${msg}`;
      return send(reply, 400, message, fields);
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return send(reply, 429, err.message);
    if (
      status === 413 ||
      err.code === 'FST_REQ_FILE_TOO_LARGE' ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    ) {
      return send(reply, 413, 'File too large. Please reduce the file size and try again.');
    }
    if (status >= 400 && status < 500) {
      return send(reply, status, status === 400 ? 'Invalid request' : err.message);
    }
    req.log.error({ err }, 'request failed');
    if (isDatabaseDown(err)) return send(reply, 503, messages.serviceBusy);
    return send(reply, 500, 'Server error. Please try again later.');
  });
}

function isDatabaseDown(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    '57P01',
    '57P03',
    '08006',
    '08001',
    'SQLITE_BUSY',
    'SQLITE_CANTOPEN',
    'QUERY_TIMEOUT',
    '57014',
  ].includes(code);
}
