// The cookies a new session sets (a log-in, an activation): the HttpOnly session token and the web
// app's readable signed-in hint (no secret in it); and what ending a session clears (log out, log out
// everywhere).
import { SIGNED_IN_HINT_COOKIE } from '@nursery/domain/account';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string) {
  const secure = request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

/** The session's cookies cleared, and the browser's HTTP cache of this origin emptied (see below). */
export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/' });
  // The browser's HTTP cache may still hold personal images fetched before they were no-store
  // (issue 26): "cache" empties it for this origin. Not "storage": the service worker's app files
  // and the device's waiting saves stay (the web app clears its own copies of personal data).
  reply.header('clear-site-data', '"cache"');
}
