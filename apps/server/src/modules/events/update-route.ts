// PUT api/v2/events/{id} (spec 000 §4, §7): optimistic version check, editability from the role's
// edit-status list, date/time/child locked after draft, type fixed, status change through the
// role's transitions; the event and its parts change in one transaction and the version goes up.
import { EventStatus, saveMessage, updateEvent } from '@nursery/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { events } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { CONFLICT_CODE, CONFLICT_MESSAGE } from '../../lib/conflict.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pgError } from '../../lib/pg-error.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { loadProviderFlags } from '../config/flags.ts';
import { loadEventPolicy } from './policy.ts';
import { checkGradings, checkMedia, checkSleep, checkTexts, resolveTypeAndCode } from './save-rules.ts';
import { eventView } from './views.ts';
import {
  completeNextSteps,
  eventById,
  eventsWithRestrictedConsiderations,
  insertHistory,
  payloadColumns,
  replaceParts,
  syncNextSteps,
} from './write-queries.ts';

/**
 * 409 err-conflict with the event as now stored, so the client can show what changed. Not a
 * contract answer (those are the 2xx ones), hence the reply without the route's answer type.
 */
function sendConflict(reply: FastifyReply, current: ReturnType<typeof eventView> | null) {
  return reply.code(409).send({ err: { code: CONFLICT_CODE, message: CONFLICT_MESSAGE }, current });
}

export async function eventUpdateRoute(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: updateEvent.method,
    url: updateEvent.path,
    schema: routeSchema(updateEvent),
    preHandler: requireSession,
    handler: async (request, reply) => {
      const auth = authOf(request);
      const p = request.body;
      const [policy, flags, e] = await Promise.all([
        loadEventPolicy(db, auth.providerId, auth.staffId),
        loadProviderFlags(db, auth.providerId),
        eventById(db, auth.providerId, request.params.id),
      ]);
      if (!e) throw notFound('Event not found.');
      const roles = policy.rolesOn(e.typeId, e.authorStaffId);
      if (!roles.some((r) => r.viewStatusIDs.includes(e.statusId))) throw notFound('Event not found.');
      const conflict = () => sendConflict(reply, eventView(e));
      if (p.version !== e.version) return conflict();
      if (p.typeID !== e.typeId)
        throw new AppError(400, 'err-type-locked', 'The event type cannot be changed.');
      if (!policy.editable(e.typeId, e.authorStaffId, e.statusId)) {
        throw new AppError(
          403,
          'err-not-editable',
          'Your role cannot edit this event in its current status.',
        );
      }
      const tc = resolveTypeAndCode(policy, p.typeID, p.codeID);
      const raised = new Date(p.raised);
      const childId = p.childID ?? e.childId;
      const subjectsMoved = p.subjects.length > 0 && (p.subjects.length !== 1 || p.subjects[0] !== e.childId);
      if (e.statusId !== EventStatus.Draft) {
        if (raised.getTime() !== e.raised.getTime() || childId !== e.childId || subjectsMoved) {
          throw new AppError(
            400,
            'err-locked',
            'Date, time and child are locked once the event has left draft.',
          );
        }
      } else if (childId !== e.childId || subjectsMoved) {
        // A draft may move to another child of the user's sites.
        const target = subjectsMoved ? p.subjects[0]! : childId;
        const kid = await db.execute<{ site_id: number }>(
          sql`select site_id from children where provider_id = ${auth.providerId} and id = ${target}`,
        );
        if (!kid.rows[0] || !auth.siteIds.includes(kid.rows[0].site_id) || p.subjects.length > 1) {
          throw notFound('Child not found.');
        }
      }
      const newChild = subjectsMoved ? p.subjects[0]! : childId;
      if (p.statusID !== e.statusId) {
        const refusal = policy.transitionRefusal(e.typeId, e.authorStaffId, e.statusId, p.statusID);
        if (refusal) throw refusal;
      }
      if (tc.twoyear !== e.twoyear) {
        throw new AppError(
          400,
          'err-invalid-code',
          'The two-year check code cannot be added to or removed from an existing event.',
        );
      }
      checkTexts(flags, tc, p);
      checkSleep(tc, raised, p.date2);
      await checkGradings(db, auth.providerId, e.typeId, p);
      const restricted = await eventsWithRestrictedConsiderations(db, auth.providerId, [e.id]);
      await checkMedia(db, auth, tc.type, p.mediaIDs, p.statusID, policy, restricted.has(e.id));

      const now = deps.clock.now();
      try {
        const updated = await db.transaction(async (tx) => {
          const rows = await tx
            .update(events)
            .set({
              version: e.version + 1,
              childId: newChild,
              statusId: p.statusID,
              ...payloadColumns(p, raised),
              baseline: tc.baseline,
              updatedAt: now,
            })
            .where(
              and(eq(events.providerId, auth.providerId), eq(events.id, e.id), eq(events.version, p.version)),
            )
            .returning();
          const row = rows[0];
          if (!row) return null;
          const target = { eventId: row.id, childId: row.childId };
          await replaceParts(tx, auth.providerId, [target], p);
          await syncNextSteps(
            tx,
            auth.providerId,
            target,
            p.nextSteps,
            { personId: auth.personId, staffId: auth.staffId },
            now,
          );
          await completeNextSteps(tx, auth.providerId, [target], p.completedNextStepIDs, now);
          const moved = row.statusId !== e.statusId;
          await insertHistory(
            tx,
            auth.providerId,
            [
              {
                eventId: row.id,
                action: moved ? 'transition' : 'update',
                from: e.statusId,
                to: row.statusId,
              },
            ],
            auth.personId,
            now,
          );
          return row;
        });
        if (!updated) {
          const current = await eventById(db, auth.providerId, e.id);
          return sendConflict(reply, current ? eventView(current) : null);
        }
        return [
          {
            id: updated.id,
            uuid: updated.uuid,
            statusID: updated.statusId,
            version: updated.version,
            childID: updated.childId,
            message: saveMessage({ status: updated.statusId, hasStaffID: auth.staffId !== null }),
          },
        ];
      } catch (err) {
        if (pgError(err).code === '23503')
          throw new AppError(400, 'err-invalid-request', 'A referenced item does not exist.');
        throw err;
      }
    },
  });
}
