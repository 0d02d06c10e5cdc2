// SQL of GraphQL pendingConsiderations: Pending events (status 3) at the user's sites through
// events_site_status_raised_idx (provider_id, site_id, status_id, raised, id), their consideration by
// considerations_event_key (provider_id, event_id), the child and the staff member by primary key.
// Not events' visibleEventOn: this is the publisher's queue (docs/api.md), every Pending event at the
// user's sites for those with publishConsiderations, whatever their roles' view statuses.
import { EventStatus } from '@nursery/domain/common';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { children, considerations, events, people, staff } from '../../db/schema/index.ts';

const staffPerson = alias(people, 'sp');

/** Newest first, at most `limit`; Resolved considerations need nobody and are left out. */
export async function pendingConsiderations(
  db: Db,
  providerId: number,
  siteIds: readonly number[],
  limit: number,
) {
  return db
    .select({
      id: considerations.id,
      status: considerations.status,
      notes: considerations.notes,
      visibleToParents: considerations.visibleToParents,
      staffId: considerations.staffId,
      eventId: considerations.eventId,
      created: considerations.createdAt,
      childId: children.id,
      childForename: children.forename,
      childSurname: children.surname,
      childHasImage: children.hasImage,
      staffForename: staffPerson.forename,
      staffSurname: staffPerson.surname,
    })
    .from(events)
    .innerJoin(
      considerations,
      and(eq(considerations.providerId, events.providerId), eq(considerations.eventId, events.id)),
    )
    .innerJoin(
      children,
      and(eq(children.providerId, considerations.providerId), eq(children.id, considerations.childId)),
    )
    .leftJoin(
      staff,
      and(eq(staff.providerId, considerations.providerId), eq(staff.id, considerations.staffId)),
    )
    .leftJoin(
      staffPerson,
      and(eq(staffPerson.providerId, staff.providerId), eq(staffPerson.id, staff.personId)),
    )
    .where(
      and(
        eq(events.providerId, providerId),
        sql`${events.siteId} = any(${sql.param([...siteIds])}::int[])`,
        eq(events.statusId, EventStatus.Pending),
        ne(considerations.status, 'Resolved'),
      ),
    )
    .orderBy(desc(considerations.createdAt), desc(considerations.id))
    .limit(limit);
}

/** A row of pendingConsiderations, as Drizzle infers it from the select. */
export type PendingConsiderationRow = Awaited<ReturnType<typeof pendingConsiderations>>[number];
