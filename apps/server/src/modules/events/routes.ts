// The event calls of spec 000 §7, each from its contract (packages/domain/src/schemas/events.ts,
// eventSearch.ts, eventStatusChanges.ts): the session check and a handler that calls the service.
import {
  closeSleepEvents,
  closeSleepEventsByPost,
  countEvents,
  createEvent,
  getEvent,
  getLastEvent,
  searchEvents,
  transitionEvents,
  updateEvent,
} from '@nursery/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { CONFLICT_CODE, CONFLICT_MESSAGE } from '../../lib/conflict.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { loadEventPolicy } from './policy.ts';
import { countEventTypes, searchEventPage } from './search-service.ts';
import { eventDetail, lastEvent, type SaveResult, saveEvent } from './service.ts';
import * as statusChanges from './status-changes.ts';

/** Routes POST api/v2/events to the sleep close only when the query names ids (`?id=`). */
const BULK_CONSTRAINT = 'bulkEventIds';
function addBulkConstraint(app: FastifyInstance) {
  if (app.hasConstraintStrategy(BULK_CONSTRAINT)) return;
  app.addConstraintStrategy({
    name: BULK_CONSTRAINT,
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (k: string) => (handlers.get(k) ?? null) as never,
        set: (k: string, v: unknown) => {
          handlers.set(k, v);
        },
      };
    },
    deriveConstraint(req: { url?: string }) {
      const q = (req.url ?? '').split('?')[1] ?? '';
      return /(^|&)id=/.test(q) ? 'yes' : undefined;
    },
    mustMatchWhenDerived: false,
  } as never);
}

/**
 * A save's answer: the saved events (201 new, 200 replayed or updated), or 409 err-conflict with
 * the event as now stored so the client can show what changed. The 409 is not a contract answer
 * (those are the 2xx ones), hence the reply without the route's answer type.
 */
function sendSave(reply: FastifyReply, result: SaveResult) {
  if (result.status === 409) {
    return reply
      .code(409)
      .send({ err: { code: CONFLICT_CODE, message: CONFLICT_MESSAGE }, current: result.current });
  }
  return reply.code(result.status).send(result.events);
}

export async function eventRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  addBulkConstraint(app);

  // A static path: find-my-way prefers it to /api/v2/events/:id whatever the registration order.
  api.route({
    method: countEvents.method,
    url: countEvents.path,
    schema: routeSchema(countEvents),
    preHandler: requireSession,
    handler: (request) => countEventTypes(db, authOf(request), request.query),
  });

  api.route({
    method: searchEvents.method,
    url: searchEvents.path,
    schema: routeSchema(searchEvents),
    preHandler: requireSession,
    handler: (request) => searchEventPage(db, authOf(request), request.query),
  });

  api.route({
    method: createEvent.method,
    url: createEvent.path,
    schema: routeSchema(createEvent),
    preHandler: requireSession,
    handler: async (request, reply) =>
      sendSave(reply, await saveEvent(deps, authOf(request), { kind: 'create', payload: request.body })),
  });

  api.route({
    method: getEvent.method,
    url: getEvent.path,
    schema: routeSchema(getEvent),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
      return eventDetail(db, auth, policy, request.params.id);
    },
  });

  api.route({
    method: updateEvent.method,
    url: updateEvent.path,
    schema: routeSchema(updateEvent),
    preHandler: requireSession,
    handler: async (request, reply) =>
      sendSave(
        reply,
        await saveEvent(deps, authOf(request), {
          kind: 'update',
          id: request.params.id,
          payload: request.body,
        }),
      ),
  });

  api.route({
    method: closeSleepEvents.method,
    url: closeSleepEvents.path,
    schema: routeSchema(closeSleepEvents),
    preHandler: requireSession,
    handler: (request) =>
      statusChanges.closeSleepEvents(deps, authOf(request), request.query.id, request.body),
  });
  api.route({
    method: closeSleepEventsByPost.method,
    url: closeSleepEventsByPost.path,
    schema: routeSchema(closeSleepEventsByPost),
    preHandler: requireSession,
    constraints: { [BULK_CONSTRAINT]: 'yes' },
    handler: (request) =>
      statusChanges.closeSleepEvents(deps, authOf(request), request.query.id, request.body),
  });

  api.route({
    method: transitionEvents.method,
    url: transitionEvents.path,
    schema: routeSchema(transitionEvents),
    preHandler: requireSession,
    handler: (request) =>
      statusChanges.transitionEvents(deps, authOf(request), request.body.ids, request.body.statusID),
  });

  api.route({
    method: getLastEvent.method,
    url: getLastEvent.path,
    schema: routeSchema(getLastEvent),
    preHandler: requireSession,
    handler: (request) => lastEvent(db, authOf(request), request.query.childID, request.query.typeID),
  });
}
