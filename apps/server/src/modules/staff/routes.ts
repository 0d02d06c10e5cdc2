import { getStaff, listStaff, setStaffPin } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/route.ts';
import { assertSite, authOf, requireSession } from '../../plugins/auth.ts';
import { hashSecret } from '../auth/passwords.ts';
import { findStaff, setPin, staffAtSite } from './queries.ts';

export async function staffRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    method: listStaff.method,
    url: listStaff.path,
    schema: routeSchema(listStaff),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const siteId = request.query.siteID ?? auth.siteId;
      if (siteId === null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
      assertSite(auth, siteId);
      return { staff: await staffAtSite(db, auth.providerId, siteId) };
    },
  });

  r.route({
    method: getStaff.method,
    url: getStaff.path,
    schema: routeSchema(getStaff),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const found = await findStaff(db, auth.providerId, request.params.staffID);
      if (!found) throw new AppError(404, 'err-not-found', 'Staff member not found.');
      return found;
    },
  });

  r.route({
    method: setStaffPin.method,
    url: setStaffPin.path,
    schema: routeSchema(setStaffPin),
    preHandler: requireSession,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const target = await findStaff(db, auth.providerId, request.params.staffID);
      if (!target) throw new AppError(404, 'err-not-found', 'Staff member not found.');
      if (target.id !== auth.staffId)
        throw new AppError(403, 'err-permission-denied', 'You can only set your own PIN.');
      const { PIN } = request.body;
      if (PIN === 'no') await setPin(db, auth.providerId, auth.userId, { declined: true });
      else await setPin(db, auth.providerId, auth.userId, { pinHash: await hashSecret(PIN) });
      await audit(db, {
        providerId: auth.providerId,
        userId: auth.userId,
        action: PIN === 'no' ? 'pin-declined' : 'pin-set',
        entity: 'staff',
        entityId: target.id,
        at: deps.clock.now(),
      });
      return reply.code(204).send();
    },
  });
}
