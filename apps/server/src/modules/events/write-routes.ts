// Saving and reading single events (spec 000 §7): POST api/v2/events (one event per child, one
// transaction, idempotent per client save uuid), GET and PUT api/v2/events/{id}.
import {
  childPickerMax,
  createEvent,
  formatMessage,
  getEvent,
  saveMessage,
  statusById,
  toCalendarDate,
  twoYearCheckWindow,
} from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-error.ts';
import { routeSchema } from '../../lib/route.ts';
import { type AuthContext, authOf, requireSession } from '../../plugins/auth.ts';
import { loadProviderFlags } from '../config/flags.ts';
import { eventCallRoutes } from './call-routes.ts';
import { eventHistoryRoute } from './history-route.ts';
import { type EventPolicy, loadEventPolicy } from './policy.ts';
import { checkGradings, checkMedia, checkSleep, checkTexts, resolveTypeAndCode } from './save-rules.ts';
import { eventUpdateRoute } from './update-route.ts';
import { eventView } from './views.ts';
import {
  childrenFor,
  completeNextSteps,
  type EventRecord,
  eventById,
  eventParts,
  eventsBySave,
  historyInserts,
  insertEvents,
  insertNextSteps,
  nextStepsOf,
  partsInserts,
  payloadColumns,
  schemeItems,
  twoYearHolders,
} from './write-queries.ts';

function savedItem(e: EventRecord, auth: AuthContext) {
  return {
    id: e.id,
    uuid: e.uuid,
    statusID: e.statusId,
    version: e.version,
    childID: e.childId,
    message: saveMessage({ status: e.statusId, hasStaffID: auth.staffId !== null }),
  };
}

/** The event with its parts and the user's rights on it, or 404 when it is not visible. */
export async function eventDetail(db: Db, auth: AuthContext, policy: EventPolicy, id: number) {
  const e = await eventById(db, auth.providerId, id);
  if (!e) throw notFound('Event not found.');
  const roles = policy.rolesOn(e.typeId, e.authorStaffId);
  if (!roles.some((r) => r.viewStatusIDs.includes(e.statusId))) throw notFound('Event not found.');
  const parts = await eventParts(db, auth.providerId, e.id);
  return {
    ...eventView(e),
    ...parts,
    editable: policy.editable(e.typeId, e.authorStaffId, e.statusId),
    permittedActions: policy.targets(e.typeId, e.authorStaffId, e.statusId),
  };
}

/** Two-year checks: the child's age at the event date, and one check per child (spec 000 §5). */
async function checkTwoYear(
  db: Db,
  providerId: number,
  kids: { id: number; dob: string }[],
  raised: Date,
  exceptId = 0,
) {
  const date = toCalendarDate(raised);
  for (const k of kids) {
    if (!twoYearCheckWindow(k.dob, date).inWindow) {
      throw new AppError(
        400,
        'selected-child-invalid-twoyear',
        formatMessage('selected-child-invalid-twoyear'),
      );
    }
  }
  const [held] = await twoYearHolders(
    db,
    providerId,
    kids.map((k) => k.id),
    exceptId,
  );
  if (held) {
    const inProgress = statusById(held.status_id)?.incomplete ?? false;
    const key = inProgress ? 'twoyear-in-progress' : 'twoyear-finished';
    throw new AppError(409, key, `${formatMessage(key)} (event ${held.id})`);
  }
}

export async function eventWriteRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: createEvent.method,
    url: createEvent.path,
    schema: routeSchema(createEvent),
    preHandler: requireSession,
    handler: async (request, reply) => {
      const auth = authOf(request);
      const p = request.body;
      const replay = async (found?: EventRecord[]) => {
        const stored = found ?? (await eventsBySave(db, auth.providerId, p.uuid));
        if (stored.length === 0) return null;
        const steps = await nextStepsOf(db, auth.providerId, stored[0]!.id);
        return stored.map((e, i) =>
          i === 0 ? { ...savedItem(e, auth), nextSteps: steps } : savedItem(e, auth),
        );
      };
      const childIds = [...new Set(p.subjects)];
      // The reads of a save do not depend on each other: one parallel round (separate connections
      // on PostgreSQL), then the replay and the checks in their usual order.
      const [stored, policy, flags, kidRows, schemeRows] = await Promise.all([
        eventsBySave(db, auth.providerId, p.uuid),
        loadEventPolicy(db, auth.providerId, auth.staffId),
        loadProviderFlags(db, auth.providerId),
        childrenFor(db, auth.providerId, childIds),
        schemeItems(db, auth.providerId, p.typeID, [...new Set(p.values.map((g) => g.itemID))]),
      ]);
      const again = await replay(stored);
      if (again) return reply.code(200).send(again);

      const tc = resolveTypeAndCode(policy, p.typeID, p.codeID);
      const refusal = policy.transitionRefusal(p.typeID, undefined, null, p.statusID);
      if (refusal) throw refusal;
      if (childIds.length === 0)
        throw new AppError(400, 'err-invalid-request', 'subjects: choose at least one child.');
      const max = childPickerMax(tc.type.tag);
      if (childIds.length > max) {
        throw new AppError(
          400,
          'err-too-many-children',
          `subjects: at most ${max} child(ren) for this event type.`,
        );
      }
      const kids = kidRows;
      if (kids.length !== childIds.length || kids.some((k) => !auth.siteIds.includes(k.site_id))) {
        throw notFound('Child not found.');
      }
      checkTexts(flags, tc, p);
      checkSleep(tc, p.raised, p.date2);
      const raised = new Date(p.raised);
      if (tc.twoyear) await checkTwoYear(db, auth.providerId, kids, raised);
      await checkGradings(db, auth.providerId, p.typeID, p, schemeRows);
      await checkMedia(db, auth, tc.type, p.mediaIDs, p.statusID, policy);

      const now = deps.clock.now();
      const author = { personId: auth.personId, staffId: auth.staffId };
      try {
        const created = await db.transaction(async (tx) => {
          const rows = await insertEvents(
            tx,
            childIds.map((childId) => ({
              providerId: auth.providerId,
              saveUuid: p.uuid,
              typeId: p.typeID,
              childId,
              statusId: p.statusID,
              siteId: kids.find((k) => k.id === childId)!.site_id,
              authorPersonId: auth.personId,
              authorStaffId: auth.staffId,
              ...payloadColumns(p, raised),
              twoyear: tc.twoyear,
              baseline: tc.baseline,
              createdAt: now,
              updatedAt: now,
            })),
          );
          const targets = rows.map((r) => ({ eventId: r.id, childId: r.childId }));
          // The next steps (their ids are needed for the links), then the links, gradings, meals,
          // media and history in one statement.
          await insertNextSteps(tx, auth.providerId, targets, p.nextSteps, author, now, [
            ...partsInserts(tx, auth.providerId, targets, p),
            ...historyInserts(
              tx,
              auth.providerId,
              rows.map((r) => ({ eventId: r.id, action: 'create' as const, from: null, to: r.statusId })),
              auth.personId,
              now,
            ),
          ]);
          await completeNextSteps(tx, auth.providerId, targets, p.completedNextStepIDs, now);
          return rows;
        });
        const steps = await nextStepsOf(db, auth.providerId, created[0]!.id);
        return reply
          .code(201)
          .send(
            created.map((e, i) =>
              i === 0 ? { ...savedItem(e, auth), nextSteps: steps } : savedItem(e, auth),
            ),
          );
      } catch (err) {
        const pg = pgError(err);
        if (pg.code === '23505' && pg.constraint === 'events_save_child_key') {
          const stored = await replay();
          if (stored) return reply.code(200).send(stored);
        }
        if (pg.code === '23505' && pg.constraint === 'events_twoyear_child_key') {
          throw new AppError(409, 'twoyear-in-progress', formatMessage('twoyear-in-progress'));
        }
        if (pg.code === '23503')
          throw new AppError(400, 'err-invalid-request', 'A referenced item does not exist.');
        throw err;
      }
    },
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

  await eventUpdateRoute(app, deps);
  await eventCallRoutes(app, deps);
  await eventHistoryRoute(app, deps);
}
