// The parents' writes that cause staff notifications (spec 002 §3 parent-observation and
// parent-consideration-acknowledge). This product is the staff app: parents have no session here,
// so these are the service commands a parent-facing API (or an import from the parent app) calls;
// each records the fact and notifies in one transaction (docs/decisions.md, issue 15).
import { randomUUID } from 'node:crypto';
import { EventStatus } from '@nursery/domain/common';
import { sql } from 'drizzle-orm';
import { events } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { considerationAcknowledged, parentObservation } from './notify.ts';
import type { Executor } from './queries.ts';

type Row = Record<string, unknown>;

/** The contact (by person) of the child, with their display name; undefined when not the child's. */
async function contactOfChild(db: Executor, providerId: number, childId: number, contactPersonId: number) {
  const result = await db.execute<{ person_id: number; name: string; site_id: number } & Row>(sql`
    select p.id as person_id, p.forename || ' ' || p.surname as name, ch.site_id
    from child_contacts cc
    join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
    join people p on p.provider_id = ct.provider_id and p.id = ct.person_id
    join children ch on ch.provider_id = cc.provider_id and ch.id = cc.child_id
    where cc.provider_id = ${providerId} and cc.child_id = ${childId} and p.id = ${contactPersonId}`);
  return result.rows[0];
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
    const found = await tx.execute<
      {
        id: number;
        event_id: number;
        child_id: number;
        staff_id: number | null;
        acknowledged_at: unknown;
      } & Row
    >(sql`
      select id, event_id, child_id, staff_id, acknowledged_at from considerations
      where provider_id = ${providerId} and id = ${considerationId} and visible_to_parents
      for update`);
    const c = found.rows[0];
    if (!c) throw notFound('Consideration not found.');
    const parent = await contactOfChild(tx, providerId, c.child_id, contactPersonId);
    if (!parent) throw notFound('Consideration not found.');
    if (c.acknowledged_at !== null) return { acknowledged: false };
    await tx.execute(sql`
      update considerations set acknowledged_at = ${now.toISOString()}::timestamptz
      where provider_id = ${providerId} and id = ${considerationId}`);
    await considerationAcknowledged(
      tx,
      providerId,
      now,
      { id: c.id, eventId: c.event_id, childId: c.child_id, staffId: c.staff_id },
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
    const code = await tx.execute<{ type_id: number; code_id: number } & Row>(sql`
      select c.type_id, c.id as code_id from event_codes c
      join event_types t on t.provider_id = c.provider_id and t.id = c.type_id
      where c.provider_id = ${providerId} and t.tag = 'observation' and c.code_key = 'parent-observation'
        and t.enabled and c.enabled
      limit 1`);
    const kind = code.rows[0];
    if (!kind) throw new AppError(409, 'err-not-configured', 'Parent observations are not configured.');
    const [event] = await tx
      .insert(events)
      .values({
        providerId,
        saveUuid: randomUUID(),
        typeId: kind.type_id,
        codeId: kind.code_id,
        childId,
        statusId: EventStatus.Pending,
        siteId: parent.site_id,
        authorPersonId: parent.person_id,
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
