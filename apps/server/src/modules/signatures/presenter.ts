// The one place that shapes attendance-request rows into answers (typed by the answer schema).
import type { AttendanceRequest } from '@nursery/domain/events';
import type { RequestRow } from './queries.ts';

export function requestOf(r: RequestRow): AttendanceRequest {
  return {
    id: r.id,
    childID: r.childId,
    siteID: r.siteId,
    date: r.date,
    comboID: r.comboId,
    type: r.type,
    time: r.time,
    notes: r.notes,
    contact: { id: r.contactId, forename: r.forename, surname: r.surname, hasImage: r.hasImage },
    signature:
      r.signatureId !== null && r.signatureKey !== null
        ? { id: Number(r.signatureId), key: r.signatureKey }
        : null,
    approved: r.approved,
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
  };
}
