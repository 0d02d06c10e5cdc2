// The event calls of spec 000 §7, each from its contract (packages/domain/src/schemas/events.ts,
// eventSearch.ts, eventStatusChanges.ts): the session check and a handler that calls the service.
import {
  closeSleepEvents,
  countEvents,
  EventCreatePayload,
  EventUpdatePayload,
  getEvent,
  getLastEvent,
  postEvents,
  putEvent,
  SleepCloseBody,
  searchEvents,
  transitionEvents,
} from '@nursery/domain/events';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { CONFLICT_CODE, CONFLICT_MESSAGE } from '../../lib/conflict.ts';
import { eventRecordOf } from '../../lib/record-audit.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { bodyForms, bodyLeftToForms } from './body-forms.ts';
import { loadEventPolicy } from './policy.ts';
import { countEventTypes, searchEventPage } from './search-service.ts';
import { eventDetail, lastEvent, type SaveResult, saveEvent } from './service.ts';
import * as statusChanges from './status-changes.ts';

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

/** POST api/v2/events: the create call, or with `?id=` the sleep close. */
const postForms = bodyForms({ create: EventCreatePayload, close: SleepCloseBody }, (request) =>
  (request.query as { id?: number[] }).id === undefined ? 'create' : 'close',
);

/** PUT api/v2/events/{id}: the full payload, or `{ date2, statusID }` (no typeID) to close a sleep. */
const putForms = bodyForms({ update: EventUpdatePayload, close: SleepCloseBody }, (request) => {
  const b = request.body;
  return b !== null && typeof b === 'object' && 'date2' in b && !('typeID' in b) ? 'close' : 'update';
});

export async function eventRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A static path: find-my-way prefers it to /api/v2/events/:id whatever the registration order.
  api.route({
    ...contractRoute(countEvents),
    preHandler: requireSession,
    handler: (request) => countEventTypes(db, authOf(request), request.query),
  });

  api.route({
    ...contractRoute(searchEvents),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const page = await searchEventPage(db, auth, request.query);
      await deps.readAudit.read(auth, page.events.map(eventRecordOf), deps.clock.now());
      return page;
    },
  });

  api.route({
    ...contractRoute(postEvents),
    validatorCompiler: bodyLeftToForms,
    preHandler: [postForms.preHandler, requireSession],
    handler: async (request, reply) => {
      const auth = authOf(request);
      const form = postForms.of(request);
      if (form.kind === 'close') {
        return statusChanges.closeSleepEvents(deps, auth, request.query.id ?? [], form.value);
      }
      return sendSave(reply, await saveEvent(deps, auth, { kind: 'create', payload: form.value }));
    },
  });

  api.route({
    ...contractRoute(getEvent),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
      const detail = await eventDetail(db, auth, policy, request.params.id);
      await deps.readAudit.read(auth, [eventRecordOf(detail)], deps.clock.now());
      return detail;
    },
  });

  api.route({
    ...contractRoute(putEvent),
    validatorCompiler: bodyLeftToForms,
    preHandler: [putForms.preHandler, requireSession],
    handler: async (request, reply) => {
      const auth = authOf(request);
      const form = putForms.of(request);
      if (form.kind === 'close') {
        return statusChanges.closeSleepEvent(deps, auth, request.params.id, form.value);
      }
      const command = { kind: 'update' as const, id: request.params.id, payload: form.value };
      return sendSave(reply, await saveEvent(deps, auth, command));
    },
  });

  api.route({
    ...contractRoute(closeSleepEvents),
    preHandler: requireSession,
    handler: (request) =>
      statusChanges.closeSleepEvents(deps, authOf(request), request.query.id, request.body),
  });
  api.route({
    ...contractRoute(transitionEvents),
    preHandler: requireSession,
    handler: (request) =>
      statusChanges.transitionEvents(
        deps,
        authOf(request),
        request.body.ids,
        request.body.statusID,
        request.body.versions,
      ),
  });

  api.route({
    ...contractRoute(getLastEvent),
    preHandler: requireSession,
    handler: (request) => lastEvent(db, authOf(request), request.query.childID, request.query.typeID),
  });
}
