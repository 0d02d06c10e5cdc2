// POST api/v1/change-requests and GET api/v1/change-requests/mine (issue 30; contracts:
// packages/domain/src/schemas/profileDetails.ts): one's own change of details, for any member of staff.
import { getOwnChangeRequest, raiseChangeRequest } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as service from './service.ts';

export async function profileDetailsRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx: service.ProfileDeps = { db: deps.db, clock: deps.clock };
  api.route({
    ...contractRoute(getOwnChangeRequest),
    preHandler: requireSession,
    handler: (request) => service.getOwnChangeRequest(ctx, authOf(request)),
  });
  api.route({
    ...contractRoute(raiseChangeRequest),
    preHandler: requireSession,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: (request) => service.raiseChangeRequest(ctx, authOf(request), request.body),
  });
}
