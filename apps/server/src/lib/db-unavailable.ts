// A database that cannot be reached (PostgreSQL restarting, stopped, or the network to it cut) is not
// a fault of the request nor of ours: the request is answered 503 err-unavailable with Retry-After,
// like the request queue's err-busy, and the client asks again by itself (issue 32).

import { MESSAGES_EN_GB } from '@nursery/domain/common';

export const UNAVAILABLE_CODE = 'err-unavailable';
export const UNAVAILABLE_MESSAGE = MESSAGES_EN_GB[UNAVAILABLE_CODE];
/** Seconds a client waits before asking again: the pool reconnects on the next request. */
export const UNAVAILABLE_RETRY_AFTER = '2';

/**
 * SQLSTATEs of a server that is going away or not yet there: class 08 (connection exception),
 * 57P01 admin_shutdown (pg_ctl stop/restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
 * up or in recovery), 53300 too_many_connections (a restart's reconnect storm).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P01|57P02|57P03|53300)$/;

/** Node's socket errors when the database's address does not answer or drops the connection. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres' own errors, which carry no code: a connection that ended under a query, the pool's
 * connect timeout, the client-side query timeout, a client used after its connection ended.
 */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed)/;

function isUnavailableOne(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (SOCKET_ERRORS.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code)))
    return true;
  return typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message);
}

/**
 * Whether an error says the database cannot be reached. Drizzle wraps the driver's error as its
 * `cause`; Node's connect to `localhost` tries every address and throws an AggregateError of them.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 3 || !error || typeof error !== 'object') return false;
  if (isUnavailableOne(error)) return true;
  const e = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
