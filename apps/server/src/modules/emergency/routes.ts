// GET api/v1/sites/:siteID/emergency-contacts (contract: packages/domain/src/schemas/emergency.ts).
import { getEmergencyContacts } from '@nursery/domain/children';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireViewChildContacts } from './policy.ts';
import * as service from './service.ts';

export async function emergencyRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(getEmergencyContacts),
    preHandler: requireViewChildContacts,
    handler: (request) => service.getEmergencyContacts(deps, authOf(request), request.params.siteID),
  });
}
