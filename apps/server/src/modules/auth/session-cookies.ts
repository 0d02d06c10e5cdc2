// The cookies a new session sets (a log-in, an activation): the HttpOnly session token and the web
// app's readable signed-in hint (no secret in it).
import { SIGNED_IN_HINT_COOKIE } from '@nursery/domain/account';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/auth.ts';

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string) {
  const secure = request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure });
}
