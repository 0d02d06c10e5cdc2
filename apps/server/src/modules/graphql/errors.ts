// The error answer of /graphql: `{ data, errors: [{ message, locations?, path?, extensions: { code } }] }`
// with the REST API's codes and statuses (err-not-logged-in 401, err-no-staff-access 403,
// err-permission-denied 403, err-not-found 404, err-invalid-request 400, err-graphql-too-complex 400,
// err-internal 500). Mercurius calls the formatter for errors thrown before execution (the session
// guard, the CSRF header, body validation, parse, validation, limits) and for execution results.
import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import {
  isDatabaseUnavailable,
  UNAVAILABLE_CODE,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER,
} from '../../lib/db-unavailable.ts';
import { loggableError } from '../../lib/error-handler.ts';
import { AppError } from '../../lib/errors.ts';
import { GRAPHQL_MAX_TOKENS, GraphQLLimitError, isTokenLimitError, TOO_COMPLEX } from './limits.ts';

const INVALID = 'err-invalid-request';
const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

interface Formatted {
  status: number;
  error: GraphQLFormattedError;
}

/**
 * graphql-js' validation messages end with "Did you mean "forename"?": a list of the schema's names
 * near what was sent. They are cut (the rest of the message names only what the client sent).
 */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?\s*$/s, '');
}

/** What is read of a GraphQL error (duck-typed: graphql-js may be loaded twice, as ESM and CJS). */
interface ErrorLike {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
}

const coded = (error: ErrorLike, code: string, message = error.message): GraphQLFormattedError => ({
  message,
  ...(error.locations ? { locations: error.locations } : {}),
  ...(error.path ? { path: error.path } : {}),
  extensions: { code },
});

/** The REST error handler's codes for Fastify's own 4xx errors (bad JSON, media type, size). */
function codeOfStatus(status: number): string {
  if (status === 413) return 'err-too-large';
  if (status === 415) return 'err-unsupported-media-type';
  if (status === 429) return 'err-too-many-requests';
  return INVALID;
}

const isLimitError = (error: GraphQLError): boolean =>
  error instanceof GraphQLLimitError || error.originalError instanceof GraphQLLimitError;

/** An error of the request itself, before execution: syntax, validation, a limit, the body. */
function requestError(inner: ErrorLike): Formatted {
  if (inner instanceof GraphQLLimitError) return { status: 400, error: coded(inner, TOO_COMPLEX) };
  if (isTokenLimitError(inner)) {
    const message = `The query is too complex: more than ${GRAPHQL_MAX_TOKENS} tokens.`;
    return { status: 400, error: coded(inner, TOO_COMPLEX, message) };
  }
  return { status: 400, error: coded(inner, INVALID, withoutSuggestions(inner.message)) };
}

/**
 * loggableError (the REST handler's) with only the stack's frames: it drops a query error's first
 * stack line, but Drizzle's message is several lines ("Failed query: …\nparams: …", and the SQL
 * itself), which the stack repeats before its frames.
 */
function loggable(error: unknown): Record<string, unknown> {
  const entry = loggableError(error);
  if (typeof entry.stack === 'string') {
    entry.stack = entry.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  }
  return entry;
}

function formatOne(error: GraphQLError, log: FastifyBaseLogger): Formatted[] {
  // A limit's rule throws GraphQLLimitError (Mercurius wraps it when its graphql-js is another copy).
  if (isLimitError(error)) return [requestError(error.originalError ?? error)];
  const original = error.originalError as
    | (Error & { errors?: unknown; statusCode?: unknown; extensions?: { code?: unknown } })
    | undefined;
  // Mercurius' MER_ERR_GQL_VALIDATION (parse, validation, variables, body schema) holds the errors.
  if (original && Array.isArray(original.errors)) {
    const status = typeof original.statusCode === 'number' ? original.statusCode : 400;
    return (original.errors as ErrorLike[]).map((inner) => ({ ...requestError(inner), status }));
  }
  // The session guard and the CSRF rule throw the REST API's AppError.
  if (original instanceof AppError) {
    return [{ status: original.statusCode, error: coded(error, original.code) }];
  }
  // A resolver's coded error (gqlError): kept as it is, with its status (404 for err-not-found).
  if (original instanceof mercurius.ErrorWithProps || typeof error.extensions?.code === 'string') {
    const json = error.toJSON();
    const code = typeof json.extensions?.code === 'string' ? json.extensions.code : INVALID;
    const status = typeof original?.statusCode === 'number' ? original.statusCode : 200;
    return [{ status, error: { ...json, extensions: { ...json.extensions, code } } }];
  }
  // A GraphQL error of graphql-js' own (no thrown cause): something the client sent.
  if (!original) return [requestError(error)];
  // Fastify's own client errors (invalid JSON body, media type, size).
  const status = typeof original.statusCode === 'number' ? original.statusCode : 500;
  if (status >= 400 && status < 500) {
    return [{ status, error: coded(error, codeOfStatus(status)) }];
  }
  // Issue 32: the database out of reach (PostgreSQL restarting): 503, asked again after Retry-After.
  if (isDatabaseUnavailable(original)) {
    log.warn({ err: loggable(original) }, 'database unavailable');
    return [{ status: 503, error: coded(error, UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE) }];
  }
  // Anything else is our fault: logged without the query's parameters, answered without internals.
  log.error({ err: loggable(original) }, 'graphql resolver error');
  return [{ status: 500, error: coded(error, 'err-internal', GENERIC_MESSAGE) }];
}

/**
 * Mercurius' errorFormatter. The status: 200 when there is data (a partial answer), otherwise the
 * highest of the errors' statuses (one error: its own, e.g. 401 for the session guard).
 * Nothing is logged for a client's error (no stack trace for an anonymous call).
 */
export function formatGraphQLErrors(
  execution: { data?: unknown; errors: readonly GraphQLError[] },
  context: MercuriusContext,
): {
  statusCode: number;
  response: { data: null | Record<string, unknown>; errors: GraphQLFormattedError[] };
} {
  const log = context.reply?.log ?? context.app.log;
  const formatted = execution.errors.flatMap((e) => formatOne(e, log));
  const hasData = execution.data !== null && execution.data !== undefined;
  const statusCode = hasData ? 200 : Math.max(200, ...formatted.map((f) => f.status));
  if (formatted.some((f) => f.status === 503)) context.reply?.header('retry-after', UNAVAILABLE_RETRY_AFTER);
  // A refused document is worth a line for the operator (its text is not logged: it may hold notes).
  const refused = formatted.find((f) => f.error.extensions?.code === TOO_COMPLEX);
  if (refused) log.warn({ code: TOO_COMPLEX }, refused.error.message);
  return {
    statusCode,
    response: {
      data: hasData ? (execution.data as Record<string, unknown>) : null,
      errors: formatted.map((f) => f.error),
    },
  };
}
