import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventHistory, people, staff } from '../../db/schema/index.ts';
import { type Visibility, visibleEventOn, visibleEvents } from '../events/index.ts';

/**
 * The event's history rows, newest first, with the person who made each (and their staff id); none
 * when the user may not see the event (THE visibility rule, joined as every part of an event is).
 */
export async function historyRows(db: Db, providerId: number, eventId: number, v: Visibility) {
  return db
    .select({
      id: eventHistory.id,
      at: eventHistory.at,
      action: eventHistory.action,
      fromStatusId: eventHistory.fromStatusId,
      toStatusId: eventHistory.toStatusId,
      details: eventHistory.details,
      personId: eventHistory.personId,
      forename: people.forename,
      surname: people.surname,
      staffId: staff.id,
    })
    .from(eventHistory)
    .innerJoin(visibleEvents, visibleEventOn(eventHistory.providerId, eventHistory.eventId, v))
    .leftJoin(
      people,
      and(eq(people.providerId, eventHistory.providerId), eq(people.id, eventHistory.personId)),
    )
    .leftJoin(
      staff,
      and(eq(staff.providerId, eventHistory.providerId), eq(staff.personId, eventHistory.personId)),
    )
    .where(and(eq(eventHistory.providerId, providerId), eq(eventHistory.eventId, eventId)))
    .orderBy(desc(eventHistory.at), desc(eventHistory.id));
}

/** A history row as Drizzle infers it from the select. */
export type HistoryRow = Awaited<ReturnType<typeof historyRows>>[number];

/** The names of the people a history names (signers), by person id: as they are now (erased: anonymised). */
export async function personNames(db: Db, providerId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: people.id, forename: people.forename, surname: people.surname })
    .from(people)
    .where(and(eq(people.providerId, providerId), inArray(people.id, ids)));
  return new Map(rows.map((p) => [p.id, `${p.forename} ${p.surname}`]));
}
