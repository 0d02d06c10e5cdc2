// POST api/v1/loginTokens (contract in packages/domain/src/schemas/tokenLogin.ts): a signed-in member's
// one-time sign-in link for their own account. Signing in with it is GraphQL loginWithToken (graphql.ts).
import { createLoginToken } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as service from './service.ts';

export async function tokenLoginRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...contractRoute(createLoginToken),
    preHandler: requireSession,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const answer = await service.createLoginToken(deps, authOf(request));
      return reply.code(201).send(answer);
    },
  });
}
