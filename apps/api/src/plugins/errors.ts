import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { limitMessages, messages } from '@spajobs/contract/messages';
import { HttpError } from '../lib/http-error.ts';
import { addVary, localized } from './language.ts';

/**
 * The error answer: {success: false, error, message, code, fields?}, in the
 * request's language (Accept-Language). `code` is the contract message's key
 * (e.g. `emailInvalid`), the same in every language; field messages are put
 * into the language too.
 */
export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  fields?: Record<string, string>,
) {
  const req = reply.request;
  const { text, code } = localized(req, message);
  const localFields = fields
    ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, localized(req, v).text]))
    : undefined;
  addVary(reply, 'Accept-Language');
  return reply.status(status).send({
    success: false,
    error: text,
    message: text,
    ...(code ? { code } : {}),
    ...(localFields ? { fields: localFields } : {}),
  });
}
const send = sendError;

/** What a 4xx raised by Fastify or a plugin means, in the user's words. */
const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, messages.requestTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, messages.uploadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, messages.unsupportedBody],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, messages.invalidRequest],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, messages.invalidJson],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, messages.invalidJson],
  FST_ERR_BAD_URL: [400, messages.badAddress],
  FST_ERR_MAX_PARAM_LENGTH: [414, messages.addressTooLong],
  FST_ERR_ASYNC_CONSTRAINT: [400, messages.invalidRequest],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, messages.invalidForm],
  FST_PARTS_LIMIT: [400, messages.invalidForm],
  FST_FIELDS_LIMIT: [400, messages.invalidForm],
  FST_FILES_LIMIT: [400, messages.oneFileOnly],
  FST_PROTO_VIOLATION: [400, messages.invalidRequest],
};

const STATUS_MESSAGES: Record<number, string> = {
  404: messages.notFound,
  408: messages.requestTimeout,
  413: messages.requestTooLarge,
  414: messages.addressTooLong,
  415: messages.unsupportedBody,
  429: messages.tooManyRequests,
  431: messages.headersTooLarge,
};

/**
 * One error shape for every failure: {success: false, error, message, code, fields?}.
 * Validation failures name the field; anything unexpected is logged in full and
 * answered with a plain 500, never a stack trace; a database that is down or
 * too slow answers 503.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return send(reply, err.statusCode, err.message, err.fields);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request';
        if (!fields[path]) fields[path] = issue.message ?? messages.fieldInvalid;
      }
      const [field, msg] = Object.entries(fields)[0] ?? ['request', messages.invalidRequest];
      // A query or path parameter: "Invalid page: Must be at most 100", its code the check's own.
      const message = err.validationContext === 'body' ? msg : limitMessages.invalidParameter(field, msg);
      return send(reply, 400, message, fields);
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return send(reply, known[0], known[1]);
    if (err instanceof SyntaxError && err.statusCode === 400) return send(reply, 400, messages.invalidJson);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, STATUS_MESSAGES[status] ?? messages.invalidRequest);
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', 5);
      return send(reply, 503, messages.serviceUnavailable);
    }
    req.log.error({ err }, 'request failed');
    return send(reply, 500, messages.serverError);
  });
}

/** Where a NUL character is in a request's parameters or JSON body: the field's path, or null. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'request' : null;
  if (!value || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Text with a NUL character is refused before validation, naming its field: no field of this product
 * means anything by one, and PostgreSQL cannot hold one in text (its refusal had been a 500).
 */
export function refuseNulText(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    const inAddress = nulAt(req.params, '') ?? nulAt(req.query, '');
    const inBody = inAddress ? null : nulAt(req.body, '');
    const field = inAddress ?? inBody;
    if (!field) return;
    const fields = { [field]: messages.fieldInvalid };
    send(
      reply,
      400,
      inAddress ? limitMessages.invalidParameter(field, messages.fieldInvalid) : messages.fieldInvalid,
      fields,
    );
    return reply;
  });
}

/** Errors Fastify meets before a route is found: a malformed URL, a path parameter that is too long. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const [status, message] = (err.code && FASTIFY_CODES[err.code]) || [400, messages.invalidRequest];
  return send(reply, status, message);
}

const PARSER_ERRORS: Record<string, [number, keyof typeof messages]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'requestTimeout'],
  HPE_HEADER_OVERFLOW: [431, 'headersTooLarge'],
  HPE_INVALID_METHOD: [400, 'methodNotSupported'],
  HPE_INVALID_URL: [400, 'badAddress'],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or a
 * URL too large, an unknown method, a request that took too long to arrive)
 * get the same shape, written straight to the socket.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] = (err.code && PARSER_ERRORS[err.code]) || ([400, 'invalidRequest'] as const);
  // No request was read, so no language either: English.
  const message = messages[code];
  const body = JSON.stringify({ success: false, error: message, message, code });
  // Only when no answer has started on this connection.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** PostgreSQL error classes and codes that mean "not now" rather than "never". */
const UNAVAILABLE_CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '57P01', // admin_shutdown: the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
  'QUERY_TIMEOUT', // a SQLite read over its budget
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_CANTOPEN',
]);

/** node-postgres' own errors, which carry no code. */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/** A database that is down, restarting, unreachable or too slow: worth trying again shortly. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('SQLITE_BUSY')) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
