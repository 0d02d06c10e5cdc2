// GET api/v1/audit (a page of the record audit trail) and GET api/v1/audit.csv (the same filters as a
// CSV file, streamed). Contracts: packages/domain/src/schemas/audit.ts.
import { Readable } from 'node:stream';
import { getAuditCsv, getAuditTrail } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute, routeSchema } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireAuditTrail } from './policy.ts';
import { auditCsv, auditTrailPage } from './service.ts';

export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(getAuditTrail),
    preHandler: requireAuditTrail,
    handler: (request) => auditTrailPage(deps.db, authOf(request), request.query),
  });
  api.route({
    method: getAuditCsv.method,
    url: getAuditCsv.path,
    schema: { ...routeSchema(getAuditCsv), produces: ['text/csv'] },
    preHandler: requireAuditTrail,
    handler: async (request, reply) => {
      const lines = await auditCsv(deps.db, authOf(request), request.query);
      const day = deps.clock.now().toISOString().slice(0, 10);
      // A stream is sent as it is (the schema documents the answer; hence the cast).
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-trail-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines) as unknown as string);
    },
  });
}
