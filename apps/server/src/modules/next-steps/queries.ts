import { EventStatus } from '@nursery/domain/common';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { children, nextStepLinks, nextSteps, people } from '../../db/schema/index.ts';
import { visibleEvents as e, type Visibility, visibleEventOn } from '../events/index.ts';

/** The next step's event, when the user may see it (THE visibility rule). */
const visibleEventOf = (v: Visibility) => visibleEventOn(nextSteps.providerId, nextSteps.eventId, v);
const childIn = (childIds: number[]) => sql`${nextSteps.childId} = any(${sql.param(childIds)}::int[])`;

/**
 * The children's next steps not completed, on events not deleted that the user may see (THE visibility
 * rule), newest first (at most 500).
 */
export async function outstandingRows(db: Db, providerId: number, childIds: number[], v: Visibility) {
  return db
    .select({
      id: nextSteps.id,
      notes: nextSteps.notes,
      createdAt: nextSteps.createdAt,
      eventId: nextSteps.eventId,
      raised: e.raised,
      childId: nextSteps.childId,
      forename: children.forename,
      surname: children.surname,
      authorId: people.id,
      authorForename: people.forename,
      authorSurname: people.surname,
      links: sql<string[] | null>`array(select l.item_id from next_step_links l
        where l.provider_id = ${nextSteps.providerId} and l.next_step_id = ${nextSteps.id} order by l.item_id)`,
    })
    .from(nextSteps)
    .innerJoin(e, visibleEventOf(v))
    .innerJoin(
      children,
      and(eq(children.providerId, nextSteps.providerId), eq(children.id, nextSteps.childId)),
    )
    .innerJoin(
      people,
      and(eq(people.providerId, nextSteps.providerId), eq(people.id, nextSteps.authorPersonId)),
    )
    .where(
      and(
        eq(nextSteps.providerId, providerId),
        childIn(childIds),
        eq(nextSteps.completed, false),
        ne(e.statusId, EventStatus.Deleted),
      ),
    )
    .orderBy(desc(nextSteps.createdAt), desc(nextSteps.id))
    .limit(500);
}

/** Next steps per child, linked framework item and completion, on visible events not deleted. */
export async function countRows(db: Db, providerId: number, childIds: number[], v: Visibility) {
  return db
    .select({
      childId: nextSteps.childId,
      itemId: nextStepLinks.itemId,
      completed: nextSteps.completed,
      n: sql<number>`count(*)::int`,
    })
    .from(nextSteps)
    .innerJoin(
      nextStepLinks,
      and(eq(nextStepLinks.providerId, nextSteps.providerId), eq(nextStepLinks.nextStepId, nextSteps.id)),
    )
    .innerJoin(e, visibleEventOf(v))
    .where(and(eq(nextSteps.providerId, providerId), childIn(childIds), ne(e.statusId, EventStatus.Deleted)))
    .groupBy(nextSteps.childId, nextStepLinks.itemId, nextSteps.completed)
    .orderBy(asc(nextSteps.childId), asc(nextStepLinks.itemId), asc(nextSteps.completed));
}

/** Rows of the two reads, as Drizzle infers them from the selects. */
export type OutstandingRow = Awaited<ReturnType<typeof outstandingRows>>[number];
export type CountRow = Awaited<ReturnType<typeof countRows>>[number];
