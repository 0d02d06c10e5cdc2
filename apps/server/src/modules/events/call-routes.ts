// The smaller event calls of spec 000 §7: POST api/v1/transition (per-event outcomes),
// GET api/v1/lastEvent and GET api/v1/outstanding-next-steps.
import {
  EventStatus,
  getLastEvent,
  getOutstandingNextSteps,
  publishWarnings,
  transitionEvents,
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
import { eventExtraRoutes } from './extra-routes.ts';
import { loadEventPolicy } from './policy.ts';
import { childrenFor, eventsByIds, eventsWithRestrictedConsiderations } from './write-queries.ts';

async function assertChildren(db: Db, auth: AuthContext, ids: number[]) {
  const kids = await childrenFor(db, auth.providerId, ids);
  if (kids.length !== ids.length || kids.some((k) => !auth.siteIds.includes(k.site_id))) {
    throw notFound('Child not found.');
  }
}

export async function eventCallRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  await eventExtraRoutes(app, deps);

  api.route({
    method: transitionEvents.method,
    url: transitionEvents.path,
    schema: routeSchema(transitionEvents),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const { ids, statusID } = request.body;
      // The four reads in one parallel round.
      const [policy, found, media, restricted] = await Promise.all([
        loadEventPolicy(db, auth.providerId, auth.staffId),
        eventsByIds(db, auth.providerId, [...new Set(ids)]),
        db.execute<{ event_id: number; photos: boolean; videos: boolean }>(sql`
          select em.event_id::int as event_id, bool_or(m.type = 'image') as photos, bool_or(m.type = 'video') as videos
          from event_media em join media m on m.provider_id = em.provider_id and m.id = em.media_id
          where em.provider_id = ${auth.providerId} and em.event_id = any(${sql.param(ids)}::bigint[])
          group by em.event_id`),
        eventsWithRestrictedConsiderations(db, auth.providerId, ids),
      ]);
      const sleepTypes = new Set(policy.config.eventTypes.filter((t) => t.tag === 'sleep').map((t) => t.id));
      const now = deps.clock.now();
      type Outcome = {
        id: number;
        ok: boolean;
        statusID?: number;
        version?: number;
        code?: string;
        message?: string;
      };
      const outcomes: Outcome[] = [];
      const moves: { id: number; from: number }[] = [];
      const byId = new Map(found.map((x) => [x.id, x]));
      const mediaOf = new Map(media.rows.map((r) => [Number(r.event_id), r]));
      const queued = new Set<number>();
      for (const id of ids) {
        const e = byId.get(id);
        const roles = e ? policy.rolesOn(e.typeId, e.authorStaffId) : [];
        if (!e || !roles.some((r) => r.viewStatusIDs.includes(e.statusId))) {
          outcomes.push({ id, ok: false, code: 'err-not-found', message: 'Event not found.' });
          continue;
        }
        if (e.statusId === statusID) {
          outcomes.push({ id, ok: true, statusID, version: e.version });
          continue;
        }
        const refusal = policy.transitionRefusal(e.typeId, e.authorStaffId, e.statusId, statusID);
        if (refusal) {
          outcomes.push({ id, ok: false, code: refusal.code, message: refusal.message });
          continue;
        }
        const m = mediaOf.get(id);
        const warnings = publishWarnings({
          hasPhotos: !!m?.photos,
          hasVideos: !!m?.videos,
          hasRestrictedConsiderations: restricted.has(id),
          permissions: auth.permissions,
          targetStatus: statusID,
        });
        if (warnings.length) {
          outcomes.push({
            id,
            ok: false,
            code: 'err-publish-blocked',
            message: warnings.map((w) => w.message).join(' '),
          });
          continue;
        }
        if (!queued.has(id)) moves.push({ id, from: e.statusId });
        queued.add(id);
        outcomes.push({ id, ok: true, statusID, version: e.version + 1 });
      }
      if (moves.length) {
        // One statement: the update of every allowed event (only while its status is still the one
        // checked above: a concurrent change makes it a conflict) and its history rows.
        const moved = await db.execute<{ id: number; version: number }>(sql`
          with m as (
            select * from unnest(${sql.param(moves.map((mv) => mv.id))}::bigint[],
                                 ${sql.param(moves.map((mv) => mv.from))}::smallint[]) as m(id, from_status)
          ), moved as (
            update events e set status_id = ${statusID}, version = e.version + 1, updated_at = ${now.toISOString()},
              date2 = case when e.date2 is null and e.type_id = any(${sql.param([...sleepTypes])}::int[])
                           then greatest(${now.toISOString()}::timestamptz, e.raised) else e.date2 end
            from m
            where e.provider_id = ${auth.providerId} and e.id = any(${sql.param(moves.map((mv) => mv.id))}::bigint[])
              and e.id = m.id and e.status_id = m.from_status
            returning e.id, e.version, m.from_status
          ), history as (
            insert into event_history (provider_id, event_id, action, from_status_id, to_status_id, person_id, at)
            select ${auth.providerId}, moved.id, 'transition', moved.from_status, ${statusID}, ${auth.personId},
                   ${now.toISOString()}::timestamptz
            from moved
          )
          select id::int as id, version from moved`);
        const versions = new Map(moved.rows.map((r) => [Number(r.id), r.version]));
        for (const [i, o] of outcomes.entries()) {
          if (!o.ok || !queued.has(o.id) || o.statusID === undefined) continue;
          const version = versions.get(o.id);
          if (version !== undefined) {
            o.version = version;
            continue;
          }
          outcomes[i] = conflictOutcome(o.id);
        }
      }
      return { results: outcomes };
    },
  });

  api.route({
    method: getLastEvent.method,
    url: getLastEvent.path,
    schema: routeSchema(getLastEvent),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const { childID, typeID } = request.query;
      await assertChildren(db, auth, [childID]);
      const r = await db.execute<{ id: number; raised: Date | string }>(sql`
        select id::int as id, raised from events
        where provider_id = ${auth.providerId} and child_id = ${childID} and type_id = ${typeID}
          and status_id <> ${EventStatus.Deleted}
        order by raised desc, id desc limit 1`);
      const last = r.rows[0];
      if (!last) return { eventID: null, raised: null, values: [] };
      const g = await db.execute<{ item_id: string; value: number | null; age_range_id: number | null }>(sql`
        select item_id, value, age_range_id from gradings
        where provider_id = ${auth.providerId} and event_id = ${last.id} order by id`);
      return {
        eventID: Number(last.id),
        raised: new Date(last.raised).toISOString(),
        values: g.rows.map((x) => ({ itemID: x.item_id, value: x.value, ageRangeID: x.age_range_id })),
      };
    },
  });

  api.route({
    method: getOutstandingNextSteps.method,
    url: getOutstandingNextSteps.path,
    schema: routeSchema(getOutstandingNextSteps),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const ids = request.query.childIDs;
      if (ids.length === 0) throw new AppError(400, 'err-invalid-request', 'childIDs: choose a child.');
      await assertChildren(db, auth, ids);
      const r = await db.execute<{
        id: number;
        notes: string | null;
        created_at: Date | string;
        event_id: number;
        raised: Date | string;
        child_id: number;
        forename: string;
        surname: string;
        author_id: number;
        author_forename: string;
        author_surname: string;
        links: string[] | null;
      }>(sql`
        select s.id, s.notes, s.created_at, s.event_id::int as event_id, e.raised, s.child_id, c.forename, c.surname,
               a.id as author_id, a.forename as author_forename, a.surname as author_surname,
               array(select l.item_id from next_step_links l
                     where l.provider_id = s.provider_id and l.next_step_id = s.id order by l.item_id) as links
        from next_steps s
        join events e on e.provider_id = s.provider_id and e.id = s.event_id
        join children c on c.provider_id = s.provider_id and c.id = s.child_id
        join people a on a.provider_id = s.provider_id and a.id = s.author_person_id
        where s.provider_id = ${auth.providerId} and s.child_id = any(${sql.param(ids)}::int[])
          and not s.completed and e.status_id <> ${EventStatus.Deleted}
        order by s.created_at desc, s.id desc
        limit 500`);
      return r.rows.map((s) => ({
        id: s.id,
        notes: s.notes,
        links: (s.links ?? []).map((itemID) => ({ itemID })),
        child: { id: s.child_id, forename: s.forename, surname: s.surname },
        event: { id: Number(s.event_id), raised: new Date(s.raised).toISOString() },
        created: new Date(s.created_at).toISOString(),
        author: { id: s.author_id, forename: s.author_forename, surname: s.author_surname },
      }));
    },
  });
}
