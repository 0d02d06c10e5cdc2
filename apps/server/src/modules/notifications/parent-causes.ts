// The parents' writes that cause staff notifications (spec 002 §3 parent-observation and
// parent-consideration-acknowledge). This product is the staff app: parents have no session here,
// so these are the service commands a parent-facing API (or an import from the parent app) calls;
// each records the fact and notifies in one transaction (docs/decisions.md, issue 15).
import { randomUUID } from 'node:crypto';
import { EventStatus } from '@nursery/domain/common';
import { and, eq, sql } from 'drizzle-orm';
import {
  childContacts,
  children,
  considerations,
  contacts,
  eventCodes,
  events,
  eventTypes,
  people,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { considerationAcknowledged, parentObservation } from './notify.ts';
import type { Executor } from './queries.ts';

/** The contact (by person) of the child, with their display name; undefined when not the child's. */
async function contactOfChild(db: Executor, providerId: number, childId: number, contactPersonId: number) {
  const cc = childContacts;
  const [row] = await db
    .select({
      personId: people.id,
      name: sql<string>`${people.forename} || ' ' || ${people.surname}`,
      siteId: children.siteId,
    })
    .from(cc)
    .innerJoin(contacts, and(eq(contacts.providerId, cc.providerId), eq(contacts.id, cc.contactId)))
    .innerJoin(people, and(eq(people.providerId, contacts.providerId), eq(people.id, contacts.personId)))
    .innerJoin(children, and(eq(children.providerId, cc.providerId), eq(children.id, cc.childId)))
    .where(and(eq(cc.providerId, providerId), eq(cc.childId, childId), eq(people.id, contactPersonId)));
  return row;
}

/**
 * A parent (a contact of the child, by person id) acknowledges a consideration shared with parents:
 * acknowledged_at is set once, and the staff member who raised it is notified. 404 when the
 * consideration is not the provider's, not shared with parents, or the person is not the child's
 * contact; acknowledging again changes nothing.
 */
export async function acknowledgeConsideration(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  providerId: number,
  considerationId: number,
  contactPersonId: number,
): Promise<{ acknowledged: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [c] = await tx
      .select({
        id: considerations.id,
        eventId: considerations.eventId,
        childId: considerations.childId,
        staffId: considerations.staffId,
        acknowledgedAt: considerations.acknowledgedAt,
      })
      .from(considerations)
      .where(
        and(
          eq(considerations.providerId, providerId),
          eq(considerations.id, considerationId),
          eq(considerations.visibleToParents, true),
        ),
      )
      .for('update');
    if (!c) throw notFound('Consideration not found.');
    const parent = await contactOfChild(tx, providerId, c.childId, contactPersonId);
    if (!parent) throw notFound('Consideration not found.');
    if (c.acknowledgedAt !== null) return { acknowledged: false };
    await tx.execute(sql`
      update considerations set acknowledged_at = ${now.toISOString()}::timestamptz
      where provider_id = ${providerId} and id = ${considerationId}`);
    await considerationAcknowledged(
      tx,
      providerId,
      now,
      { id: c.id, eventId: c.eventId, childId: c.childId, staffId: c.staffId },
      parent.name,
    );
    return { acknowledged: true };
  });
}

/**
 * A parent's observation of their child: an observation event (code 'parent-observation') authored
 * by the contact, pending review, and the child's key persons notified.
 */
export async function recordParentObservation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  providerId: number,
  childId: number,
  contactPersonId: number,
  notes: string,
): Promise<{ eventId: number }> {
  const text = notes.trim();
  if (text.length === 0 || text.length > 1500) {
    throw new AppError(400, 'err-invalid-request', 'notes: 1 to 1500 characters.');
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const parent = await contactOfChild(tx, providerId, childId, contactPersonId);
    if (!parent) throw notFound('Child not found.');
    const [kind] = await tx
      .select({ typeId: eventCodes.typeId, codeId: eventCodes.id })
      .from(eventCodes)
      .innerJoin(
        eventTypes,
        and(eq(eventTypes.providerId, eventCodes.providerId), eq(eventTypes.id, eventCodes.typeId)),
      )
      .where(
        and(
          eq(eventCodes.providerId, providerId),
          eq(eventTypes.tag, 'observation'),
          eq(eventCodes.codeKey, 'parent-observation'),
          eq(eventTypes.enabled, true),
          eq(eventCodes.enabled, true),
        ),
      )
      .limit(1);
    if (!kind) throw new AppError(409, 'err-not-configured', 'Parent observations are not configured.');
    const [event] = await tx
      .insert(events)
      .values({
        providerId,
        saveUuid: randomUUID(),
        typeId: kind.typeId,
        codeId: kind.codeId,
        childId,
        statusId: EventStatus.Pending,
        siteId: parent.siteId,
        authorPersonId: parent.personId,
        parentNotes: text,
        raised: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: events.id });
    await parentObservation(tx, providerId, now, { id: event!.id, childId }, parent.name, text);
    return { eventId: event!.id };
  });
}
