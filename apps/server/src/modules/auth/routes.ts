// Log-in, log-out and the session's site (contracts in packages/domain/src/schemas/auth.ts): the
// session cookie is set and cleared here; the commands are in service.ts.
import { chooseSessionSite, logIn, logOut } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as session from './service.ts';
import { clearSessionCookies, setSessionCookies } from './session-cookies.ts';

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const logInCommand = session.loginService(deps);

  r.route({
    ...contractRoute(logIn),
    // Per-IP flood guard; the per-account rule (10 failures / 15 min) is in the service.
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { token, me } = await logInCommand(
        {
          email: request.body.email,
          password: request.body.password,
          // The socket's address, or the proxy's client address only when TRUST_PROXY says whom to trust.
          address: request.ip,
          userAgent: request.headers['user-agent'],
        },
        request.log,
      );
      setSessionCookies(request, reply, token);
      return me;
    },
  });

  r.route({
    ...contractRoute(logOut),
    // A locked session can be ended too ("Sign in as someone else" on the lock screen, issue 30).
    config: { public: true, whileLocked: true },
    handler: async (request, reply) => {
      await session.logOut(deps, request.auth);
      clearSessionCookies(reply);
      return reply.code(204).send();
    },
  });

  r.route({
    ...contractRoute(chooseSessionSite),
    preHandler: requireSession,
    handler: async (request, reply) => {
      await session.chooseSite(deps, authOf(request), request.body.siteID);
      return reply.code(204).send();
    },
  });
}
