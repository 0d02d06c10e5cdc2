// GET api/v1/sites/:siteID/registers, PUT api/v1/bookings, POST api/v1/children/:childID/markOff
// (contracts: packages/domain/src/schemas/registers.ts).
import { getRegister, postMarkOff, putBookings } from '@nursery/domain/registers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireCheckInOrOut, requireRegisterAccess } from './policy.ts';
import * as service from './service.ts';

export async function registerRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(getRegister),
    preHandler: requireRegisterAccess,
    handler: (request) =>
      service.getRegister(deps, authOf(request), request.params.siteID, request.query.date),
  });
  api.route({
    ...contractRoute(putBookings),
    // Which of checkIn / checkOut a row needs depends on what it changes: decided per row.
    preHandler: requireCheckInOrOut,
    handler: (request) => service.putBookings(deps, authOf(request), request.body),
  });
  api.route({
    ...contractRoute(postMarkOff),
    // Without markOff the call sends a request a manager approves.
    preHandler: requireRegisterAccess,
    handler: (request) => service.markOff(deps, authOf(request), request.params.childID, request.body),
  });
}
