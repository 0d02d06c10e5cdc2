// The one error answer of the REST API: `{ err: { code, message } }` with a 4xx status for anything
// a client sent, a generic 500 for our own faults, and never a stack trace or internals to the client.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

/**
 * What of an error may reach the logs. Database errors (Drizzle's "Failed query: … params: …" and
 * the driver's own) carry the statement's parameters, which hold children's notes and names: only the
 * error's class, SQLSTATE, constraint and the first stack frames are kept.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as Error & { code?: unknown; constraint?: unknown; cause?: unknown };
  const cause = e.cause as (Error & { code?: unknown; constraint?: unknown }) | undefined;
  const isQuery = /failed query|params:/i.test(e.message) || (cause && typeof cause.code === 'string');
  return {
    type: e.name,
    // A query error's message repeats the statement and its values; the cause's message does not.
    message: isQuery ? (cause?.message ?? 'database query failed') : e.message,
    code: typeof e.code === 'string' ? e.code : typeof cause?.code === 'string' ? cause.code : undefined,
    constraint:
      typeof e.constraint === 'string'
        ? e.constraint
        : typeof cause?.constraint === 'string'
          ? cause.constraint
          : undefined,
    stack: e.stack?.split('\n').slice(isQuery ? 1 : 0, 8).join('\n'),
  };
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    return reply
      .code(error.statusCode)
      .send({ err: { ...error.details, code: error.code, message: error.message } });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath ? `${first.instancePath.slice(1).replaceAll('/', '.')}: ` : '';
    return reply.code(400).send({
      err: { code: 'err-invalid-request', message: `${where}${first?.message ?? 'Invalid request'}` },
    });
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
