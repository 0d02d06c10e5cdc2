import { getStaff, listStaff, setStaffPin } from '@nursery/domain/registers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { contractRoute } from '../../lib/route.ts';
import { assertSite, authOf, requireSession } from '../../plugins/auth.ts';
import { findStaff, staffAtSite } from './queries.ts';
import { setOwnPin } from './service.ts';

export async function staffRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...contractRoute(listStaff),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const siteId = request.query.siteID ?? auth.siteId;
      if (siteId === null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
      assertSite(auth, siteId);
      return { staff: await staffAtSite(db, auth.providerId, siteId, request.query.staffIDs) };
    },
  });

  r.route({
    ...contractRoute(getStaff),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const found = await findStaff(db, auth.providerId, request.params.staffID, auth.siteIds);
      if (!found) throw new AppError(404, 'err-not-found', 'Staff member not found.');
      return { ...found, permittedActions: { edit: auth.permissions.editStaff } };
    },
  });

  r.route({
    ...contractRoute(setStaffPin),
    preHandler: requireSession,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      await setOwnPin(deps, authOf(request), request.params.staffID, request.body);
      return reply.code(204).send();
    },
  });
}
