// GET api/v2/events/{id}/history: the event's creation, edits and status changes, newest first,
// with who did each (spec 000 §6 viewEventHistory). The event must be visible to the user.
import { getEventHistory } from '@nursery/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, requirePermission } from '../../plugins/auth.ts';
import { loadEventPolicy } from './policy.ts';
import { eventById } from './write-queries.ts';

interface HistoryRow {
  id: string | number;
  at: string | Date;
  action: 'create' | 'update' | 'transition';
  from_status_id: number | null;
  to_status_id: number;
  details: unknown;
  person_id: number | null;
  forename: string | null;
  surname: string | null;
  staff_id: number | null;
}

const fieldsOf = (details: unknown): string[] | null => {
  const list = Array.isArray(details)
    ? details
    : details && typeof details === 'object' && Array.isArray((details as { fields?: unknown }).fields)
      ? (details as { fields: unknown[] }).fields
      : null;
  return list ? list.filter((x): x is string => typeof x === 'string') : null;
};

export async function eventHistoryRoute(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getEventHistory.method,
    url: getEventHistory.path,
    schema: routeSchema(getEventHistory),
    preHandler: requirePermission('viewEventHistory'),
    handler: async (request) => {
      const auth = authOf(request);
      const [policy, e] = await Promise.all([
        loadEventPolicy(db, auth.providerId, auth.staffId),
        eventById(db, auth.providerId, request.params.id),
      ]);
      // The visibility rule of GET api/v2/events/{id} (eventDetail): 404 when not viewable.
      if (!e) throw notFound('Event not found.');
      const roles = policy.rolesOn(e.typeId, e.authorStaffId);
      if (!roles.some((r) => r.viewStatusIDs.includes(e.statusId))) throw notFound('Event not found.');
      const r = await db.execute<HistoryRow & Record<string, unknown>>(sql`
        select h.id, h.at, h.action, h.from_status_id, h.to_status_id, h.details, h.person_id,
          p.forename, p.surname, st.id as staff_id
        from event_history h
        left join people p on p.provider_id = h.provider_id and p.id = h.person_id
        left join staff st on st.provider_id = h.provider_id and st.person_id = h.person_id
        where h.provider_id = ${auth.providerId} and h.event_id = ${e.id}
        order by h.at desc, h.id desc`);
      return r.rows.map((h) => ({
        id: Number(h.id),
        at: new Date(h.at).toISOString(),
        action: h.action,
        fromStatusID: h.from_status_id,
        statusID: h.to_status_id,
        fields: fieldsOf(h.details),
        author:
          h.person_id === null
            ? null
            : {
                personID: h.person_id,
                forename: h.forename ?? '',
                surname: h.surname ?? '',
                staffID: h.staff_id,
              },
      }));
    },
  });
}
