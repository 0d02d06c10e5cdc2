// A medication record is a legal record (issue 31): once published, no write path changes it (the
// saves of every API, the status changes and delete), answering one code, 409 'err-medication-published';
// and no path but the medication save publishes one without its administering staff member's and
// witness's signatures ('err-medication-unsigned'). The medication module's own save checks its
// signatures itself; these are the events module's other paths.
import { EventStatus, formatMessage } from '@nursery/domain/common';
import { isMedicationEditable } from '@nursery/domain/events';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventSignatures } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventPolicy } from './policy.ts';

export const MEDICATION_PUBLISHED = 'err-medication-published';
export const MEDICATION_UNSIGNED = 'err-medication-unsigned';

const isMedication = (policy: EventPolicy, e: { typeId: number }) =>
  policy.type(e.typeId)?.tag === 'medication';

/** 409 for a published medication record (any change of it), else null. */
export function medicationChangeRefusal(
  policy: EventPolicy,
  e: { typeId: number; statusId: number },
): AppError | null {
  if (!isMedication(policy, e) || isMedicationEditable(e.statusId)) return null;
  return new AppError(409, MEDICATION_PUBLISHED, formatMessage('err-medication-published'));
}

/**
 * The medication records among `events` that cannot be published as they are (no AdministeredBy or
 * no Witness signature), with the message of the first missing one; empty unless moving to Published.
 */
export async function unsignedMedication(
  db: Pick<Db, 'select'>,
  providerId: number,
  policy: EventPolicy,
  events: { id: number; typeId: number }[],
  toStatus: number,
): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  if (toStatus !== EventStatus.Published) return refused;
  const ids = events.filter((e) => isMedication(policy, e)).map((e) => e.id);
  if (ids.length === 0) return refused;
  const rows = await db
    .select({ eventId: eventSignatures.eventId, type: eventSignatures.signatureType })
    .from(eventSignatures)
    .where(and(eq(eventSignatures.providerId, providerId), inArray(eventSignatures.eventId, ids)));
  for (const id of ids) {
    const types = new Set(rows.filter((r) => Number(r.eventId) === id).map((r) => r.type));
    if (!types.has('AdministeredBy')) refused.set(id, formatMessage('staff-signature-required'));
    else if (!types.has('Witness')) refused.set(id, formatMessage('witness-signature-required'));
  }
  return refused;
}
