// More event calls of spec 000 §7: the bulk sleep close (PUT/POST api/v2/events?id=1,2,3 with
// { date2, statusID }), the meals fetch (GET api/v1/meals) and the children's next-step counts
// (GET api/v1/next-step-counts).
import {
  closeSleepEvents,
  closeSleepEventsByPost,
  EventStatus,
  getMeals,
  getNextStepCounts,
  type SleepCloseBody,
} from '@nursery/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { conflictOutcome } from '../../lib/conflict.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/route.ts';
import { type AuthContext, authOf, requireSession } from '../../plugins/auth.ts';
import { loadEventPolicy } from './policy.ts';
import { childrenFor, eventsByIds, insertHistory } from './write-queries.ts';

/** Routes POST api/v2/events to the bulk close only when the query names ids (`?id=`). */
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

type Outcome = {
  id: number;
  ok: boolean;
  statusID?: number;
  version?: number;
  code?: string;
  message?: string;
};

export async function eventExtraRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  addBulkConstraint(app);

  const bulkClose = async (auth: AuthContext, ids: number[], body: SleepCloseBody) => {
    const { statusID } = body;
    const date2 = new Date(body.date2);
    const [policy, found] = await Promise.all([
      loadEventPolicy(db, auth.providerId, auth.staffId),
      eventsByIds(db, auth.providerId, ids),
    ]);
    const sleepTypes = new Set(policy.config.eventTypes.filter((t) => t.tag === 'sleep').map((t) => t.id));
    const now = deps.clock.now();
    const outcomes: Outcome[] = [];
    const moves: { id: number; from: number; version: number }[] = [];
    for (const id of ids) {
      const e = found.find((x) => x.id === id);
      const roles = e ? policy.rolesOn(e.typeId, e.authorStaffId) : [];
      if (!e || !roles.some((r) => r.viewStatusIDs.includes(e.statusId))) {
        outcomes.push({ id, ok: false, code: 'err-not-found', message: 'Event not found.' });
        continue;
      }
      if (!sleepTypes.has(e.typeId)) {
        outcomes.push({ id, ok: false, code: 'err-not-sleep', message: 'Only sleep events can be closed.' });
        continue;
      }
      if (e.date2 !== null) {
        outcomes.push({
          id,
          ok: false,
          code: 'err-already-closed',
          message: 'This sleep already has an end time.',
        });
        continue;
      }
      if (date2.getTime() <= new Date(e.raised).getTime()) {
        outcomes.push({
          id,
          ok: false,
          code: 'err-invalid-end-time',
          message: 'end time must be after start time',
        });
        continue;
      }
      if (e.statusId === statusID && !policy.editable(e.typeId, e.authorStaffId, e.statusId)) {
        outcomes.push({ id, ok: false, code: 'err-not-editable', message: 'You cannot change this event.' });
        continue;
      }
      if (e.statusId !== statusID) {
        const refusal = policy.transitionRefusal(e.typeId, e.authorStaffId, e.statusId, statusID);
        if (refusal) {
          outcomes.push({ id, ok: false, code: refusal.code, message: refusal.message });
          continue;
        }
      }
      moves.push({ id, from: e.statusId, version: e.version });
      outcomes.push({ id, ok: true, statusID, version: e.version + 1 });
    }
    if (moves.length) {
      // One set-based update guarded by each row's version, so an event another request changed
      // (or closed) since it was read is reported as a conflict, not as done.
      const updated = await db.transaction(async (tx) => {
        const r = await tx.execute<{ id: string | number }>(sql`
          update events set status_id = ${statusID}, version = version + 1, updated_at = ${now.toISOString()},
            date2 = ${date2.toISOString()}
          where provider_id = ${auth.providerId} and date2 is null
            and (id, version) in (select * from unnest(${sql.param(moves.map((m) => m.id))}::bigint[],
                                                       ${sql.param(moves.map((m) => m.version))}::int[]))
          returning id`);
        const done = new Set(r.rows.map((row) => Number(row.id)));
        await insertHistory(
          tx,
          auth.providerId,
          moves
            .filter((mv) => done.has(mv.id))
            .map((mv) => ({ eventId: mv.id, action: 'transition' as const, from: mv.from, to: statusID })),
          auth.personId,
          now,
        );
        return done;
      });
      for (const [i, o] of outcomes.entries()) {
        if (o.ok && !updated.has(o.id)) {
          outcomes[i] = conflictOutcome(o.id);
        }
      }
    }
    return { results: outcomes };
  };
  api.route({
    method: closeSleepEvents.method,
    url: closeSleepEvents.path,
    schema: routeSchema(closeSleepEvents),
    preHandler: requireSession,
    handler: (request) => bulkClose(authOf(request), request.query.id, request.body),
  });
  api.route({
    method: closeSleepEventsByPost.method,
    url: closeSleepEventsByPost.path,
    schema: routeSchema(closeSleepEventsByPost),
    preHandler: requireSession,
    constraints: { [BULK_CONSTRAINT]: 'yes' },
    handler: (request) => bulkClose(authOf(request), request.query.id, request.body),
  });

  api.route({
    method: getMeals.method,
    url: getMeals.path,
    schema: routeSchema(getMeals),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const siteId = request.query.siteID ?? auth.siteId;
      if (siteId === null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
      await assertSite(db, auth, siteId);
      const [types, meals, portions] = await Promise.all([
        db.execute<{ id: number; name: string; t1: string | null; t2: string | null }>(sql`
          select id, name, to_char(approximate_time, 'HH24:MI') as t1, to_char(approximate_end_time, 'HH24:MI') as t2
          from meal_types where provider_id = ${auth.providerId} and enabled
          order by sort_order, id`),
        db.execute<{
          id: number;
          meal_type_id: number;
          name: string;
          site_ids: number[];
          portion_ids: number[];
        }>(sql`
          select id, meal_type_id, name, site_ids, portion_ids from meals
          where provider_id = ${auth.providerId} and enabled
            and (cardinality(site_ids) = 0 or ${siteId}::int = any(site_ids))
          order by sort_order, id`),
        db.execute<{ id: number; name: string }>(sql`
          select id, name from portions where provider_id = ${auth.providerId} and enabled order by sort_order, id`),
      ]);
      return {
        mealTypes: types.rows.map((t) => ({
          mealTypeID: t.id,
          name: t.name,
          approximateTime: t.t1,
          approximateEndTime: t.t2,
          meals: meals.rows
            .filter((m) => m.meal_type_id === t.id)
            .map((m) => ({
              mealID: m.id,
              mealName: m.name,
              siteIDs: (m.site_ids ?? []).map(Number),
              portionIDs: (m.portion_ids ?? []).map(Number),
            })),
        })),
        portions: portions.rows.map((p) => ({ portionID: p.id, name: p.name })),
      };
    },
  });

  api.route({
    method: getNextStepCounts.method,
    url: getNextStepCounts.path,
    schema: routeSchema(getNextStepCounts),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const ids = request.query.childIDs;
      const kids = await childrenFor(db, auth.providerId, ids);
      if (kids.length !== ids.length || kids.some((k) => !auth.siteIds.includes(k.site_id))) {
        throw notFound('Child not found.');
      }
      const r = await db.execute<{ child_id: number; item_id: string; completed: boolean; n: number }>(sql`
        select s.child_id, l.item_id, s.completed, count(*)::int as n
        from next_steps s
        join next_step_links l on l.provider_id = s.provider_id and l.next_step_id = s.id
        join events e on e.provider_id = s.provider_id and e.id = s.event_id
        where s.provider_id = ${auth.providerId} and s.child_id = any(${sql.param(ids)}::int[])
          and e.status_id <> ${EventStatus.Deleted}
        group by s.child_id, l.item_id, s.completed
        order by s.child_id, l.item_id, s.completed`);
      return r.rows.map((x) => ({
        childID: x.child_id,
        itemID: x.item_id,
        completed: x.completed,
        countOfNextSteps: Number(x.n),
      }));
    },
  });
}

async function assertSite(db: Db, auth: AuthContext, siteId: number) {
  if (!auth.siteIds.includes(siteId)) throw notFound('Site not found.');
  const r = await db.execute<{ id: number }>(sql`
    select id from sites where provider_id = ${auth.providerId} and id = ${siteId}`);
  if (!r.rows.length) throw notFound('Site not found.');
}
