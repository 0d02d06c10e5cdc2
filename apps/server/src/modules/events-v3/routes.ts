// GET api/v3/events/{ids} (contract: packages/domain/src/schemas/eventsV3.ts).
import { getEventsV3 } from '@nursery/domain/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { eventRecordOf } from '../../lib/record-audit.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { eventsV3 } from './service.ts';

export async function eventsV3Routes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(getEventsV3),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const answer = await eventsV3(deps.db, auth, request.params.ids, request.query.include);
      // Reading children's records is on their trail, as GET api/v2/events/{id} is.
      await deps.readAudit.read(auth, answer.events.map(eventRecordOf), deps.clock.now());
      return answer;
    },
  });
}
