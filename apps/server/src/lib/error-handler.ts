// The one error answer of the REST API: `{ err: { code, message } }` with a 4xx status for anything
// a client sent, a generic 500 for our own faults, and never a stack trace or internals to the client.
import type { Socket } from 'node:net';
import { formatMessage } from '@nursery/domain/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  isDatabaseUnavailable,
  UNAVAILABLE_CODE,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER,
} from './db-unavailable.ts';
import { AppError } from './errors.ts';

/**
 * What of an error may reach the logs. Database errors (Drizzle's "Failed query: … params: …" and
 * the driver's own) carry the statement's parameters, which hold children's notes and names: only the
 * error's class, SQLSTATE, constraint and the first stack frames are kept.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  // `errorClass`, not `type`: pino's err serializer writes its own `type` ("Object") over it.
  if (!(error instanceof Error)) return { errorClass: typeof error };
  const e = error as Error & { code?: unknown; constraint?: unknown; cause?: unknown };
  const cause = e.cause as (Error & { code?: unknown; constraint?: unknown }) | undefined;
  const isQuery = /failed query|params:/i.test(e.message) || (cause && typeof cause.code === 'string');
  // A query error's message repeats the statement and its values; the cause's message does not,
  // except a data exception's, which quotes the value refused ('invalid input syntax for type
  // integer: "…"'): its quoted parts are cut.
  const message = isQuery ? (cause?.message ?? 'database query failed') : e.message;
  return {
    errorClass: e.constructor?.name || e.name,
    message: isDataException(error) ? message.replace(/"[^"]*"/g, '"…"') : message,
    code: typeof e.code === 'string' ? e.code : typeof cause?.code === 'string' ? cause.code : undefined,
    constraint:
      typeof e.constraint === 'string'
        ? e.constraint
        : typeof cause?.constraint === 'string'
          ? cause.constraint
          : undefined,
    // Only the frames: the stack's head repeats the message, which for a query spans several lines
    // (Drizzle's "Failed query: …\nparams: …").
    stack: e.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 7)
      .join('\n'),
  };
}

/** The SQLSTATE of a database error (Drizzle wraps the driver's error as its cause), if any. */
/** SQLSTATE 53100 disk_full: PostgreSQL could not extend a file or write its WAL. */
const DISK_FULL = '53100';

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : e?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * A value the request carried that the schemas let through and PostgreSQL refused: SQLSTATE class
 * 22 "data exception" (22P02 invalid text representation, 22003 out of range, 22007/22008 bad date
 * or time, 22021 invalid byte sequence such as 0x00, 22P05 untranslatable character, ...). Such a
 * value comes from the client: a 400 with a generic message (the logged warning names the SQLSTATE,
 * never the statement's parameters, so a fault of ours would still show).
 */
export function isDataException(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}

/**
 * busboy's own errors for a multipart body it cannot read (no boundary in the Content-Type, a
 * boundary longer than it accepts, a body cut short): plain Errors without a status.
 */
const MULTIPART_ERROR =
  /^(Multipart: Boundary not found|The needle cannot|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)/;

function isMalformedMultipart(error: Error, request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^multipart\//i.test(type) && MULTIPART_ERROR.test(error.message);
}

const invalidRequest = (reply: FastifyReply, message: string) =>
  reply.code(400).send({ err: { code: 'err-invalid-request', message } });

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // A 5xx of ours (the media storage failed): the operator needs its cause in the log.
    if (error.statusCode >= 500) request.log.error({ err: loggableError(error.cause ?? error) }, error.code);
    reply.headers(error.headers);
    return reply
      .code(error.statusCode)
      .send({ err: { ...error.details, code: error.code, message: error.message } });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const path = first?.instancePath.slice(1).replaceAll('/', '.');
    const where = path ? `${path}: ` : '';
    return reply.code(400).send({
      err: { code: 'err-invalid-request', message: `${where}${first?.message ?? 'Invalid request'}` },
    });
  }
  if (isDataException(error)) {
    request.log.warn({ err: loggableError(error) }, 'input refused by the database');
    return invalidRequest(reply, 'A value in the request is not valid.');
  }
  if (sqlState(error) === DISK_FULL) {
    // Issue 32: the database's disk is full. The statement failed whole and its transaction rolled back,
    // so nothing was written; the operator must make room (docs/operations.md, "a disk fills").
    request.log.error({ err: loggableError(error) }, 'database disk full');
    return reply
      .code(507)
      .send({ err: { code: 'err-database-full', message: formatMessage('err-database-full') } });
  }
  if (isDatabaseUnavailable(error)) {
    // Issue 32: PostgreSQL restarting or out of reach; the pool reconnects on a later request.
    request.log.warn({ err: loggableError(error) }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', UNAVAILABLE_RETRY_AFTER)
      .send({ err: { code: UNAVAILABLE_CODE, message: UNAVAILABLE_MESSAGE } });
  }
  if (isMalformedMultipart(error, request)) {
    request.log.warn({ err: loggableError(error) }, 'malformed multipart body');
    return invalidRequest(reply, 'The multipart/form-data body is malformed.');
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    const code =
      status === 429
        ? 'err-too-many-requests'
        : status === 413
          ? 'err-too-large'
          : status === 415
            ? 'err-unsupported-media-type'
            : 'err-invalid-request';
    return reply.code(status).send({ err: { code, message: (error as Error).message } });
  }
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return reply
    .code(500)
    .send({ err: { code: 'err-internal', message: 'Something went wrong. Please try again.' } });
}

/** The answers to requests Node's HTTP parser refused (Fastify's clientErrorHandler): status, code, message. */
export function clientErrorAnswer(error: Error & { code?: string }): [number, string, string, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, 'Request Timeout', 'err-request-timeout', 'The request took too long to arrive.'];
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return [
      431,
      'Request Header Fields Too Large',
      'err-too-large',
      'The request line or headers are too large.',
    ];
  return [400, 'Bad Request', 'err-invalid-request', 'The request is malformed.'];
}

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refused (431 for a URL or headers over its
 * limit, 400 for a malformed request, 408 for a request too slow to arrive), answered as the API's
 * `{ err: { code, message } }` on the raw socket (no request or reply object exists), then closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] = clientErrorAnswer(error);
  const body = JSON.stringify({ err: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
