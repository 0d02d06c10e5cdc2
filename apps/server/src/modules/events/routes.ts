import { addDays, EventSearchQuery, EventSearchResult, zonedDateTime } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { assertSite, authOf, requireSession } from '../../plugins/auth.ts';
import { siteTimeZone } from '../home/queries.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { type EventRow, loadVisibility, searchEvents, searchEventsSql } from './queries.ts';

const toIso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function toSummary(r: EventRow) {
  return {
    id: Number(r.id),
    typeID: r.type_id,
    codeID: r.code_id,
    statusID: r.status_id,
    siteID: r.site_id,
    childID: r.child_id,
    raised: toIso(r.raised)!,
    date2: toIso(r.date2),
    notes: r.notes,
    child:
      r.child_id === null
        ? null
        : {
            id: r.child_id,
            forename: r.child_forename!,
            surname: r.child_surname!,
            hasImage: !!r.child_has_image,
          },
    author: {
      id: r.author_person_id,
      forename: r.author_forename,
      surname: r.author_surname,
      staffID: r.author_staff_id,
      hasImage: r.author_has_image,
    },
  };
}

export async function eventRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Event search: filters and keyset cursors (next = after, previous = before), newest first',
        querystring: EventSearchQuery,
        response: { 200: EventSearchResult },
      },
      preHandler: requireSession,
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const siteId = q.siteID ?? auth.siteId;
      if (siteId === null || siteId === undefined) {
        throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
      }
      assertSite(auth, siteId);
      const timeZone = (await siteTimeZone(db, auth.providerId, siteId))!;
      const after = q.after ? decodeCursor(q.after) : undefined;
      const before = q.before ? decodeCursor(q.before) : undefined;
      const visibility = await loadVisibility(db, auth.providerId, auth.staffId!);
      const rows = await searchEvents(
        db,
        searchEventsSql(
          auth.providerId,
          {
            siteId,
            statusId: q.statusID,
            typeId: q.typeID,
            childIds: q.childIDs,
            authorStaffId: q.staffID,
            itemIds: q.itemIDs,
            fromInstant: q.from ? zonedDateTime(q.from, '00:00', timeZone).toISOString() : undefined,
            toInstant: q.to ? zonedDateTime(addDays(q.to, 1), '00:00', timeZone).toISOString() : undefined,
            oldestFirst: q.oldestFirst ?? false,
          },
          visibility,
          { limit: q.limit, after, before },
        ),
      );
      const hasMore = rows.length > q.limit;
      // Reading backwards fetched the rows nearest the cursor first: drop the extra from the far end.
      const page = before ? rows.slice(hasMore ? 1 : 0) : rows.slice(0, q.limit);
      const first = page[0];
      const last = page.at(-1);
      const cursorOf = (r: EventRow) => encodeCursor({ raised: r.raised_key, id: Number(r.id) });
      return {
        events: page.map(toSummary),
        next: last && (before ? true : hasMore) ? cursorOf(last) : null,
        previous: first && (before ? hasMore : after !== undefined) ? cursorOf(first) : null,
      };
    },
  );
}
