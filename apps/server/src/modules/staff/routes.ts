import { IdParam, SetPinRequest } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { assertSite, authOf, requireSession } from '../../plugins/auth.ts';
import { hashSecret } from '../auth/passwords.ts';
import { findStaff, setPin, staffAtSite } from './queries.ts';

const StaffParams = z.object({ staffID: IdParam });
const StaffListQuery = z.object({ siteID: IdParam.optional() });

export async function staffRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/staff',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff working at a site (the drafts filter by author)',
        querystring: StaffListQuery,
      },
      preHandler: requireSession,
    },
    async (request) => {
      const auth = authOf(request);
      const siteId = request.query.siteID ?? auth.siteId;
      if (siteId === null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
      assertSite(auth, siteId);
      return { staff: await staffAtSite(db, auth.providerId, siteId) };
    },
  );

  r.get(
    '/api/v1/staff/:staffID',
    {
      schema: { tags: ['staff'], summary: 'A staff member with key children', params: StaffParams },
      preHandler: requireSession,
    },
    async (request) => {
      const auth = authOf(request);
      const found = await findStaff(db, auth.providerId, request.params.staffID);
      if (!found) throw new AppError(404, 'err-not-found', 'Staff member not found.');
      return found;
    },
  );

  r.put(
    '/api/v1/staff/:staffID',
    {
      schema: {
        tags: ['staff'],
        summary: "Set the user's own PIN, or answer the Home prompt with 'no'",
        params: StaffParams,
        body: SetPinRequest,
      },
      preHandler: requireSession,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
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
  );
}
