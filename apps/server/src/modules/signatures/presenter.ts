// The one place that shapes attendance-request rows into answers (typed by the answer schema).
import type { AttendanceRequest } from '@nursery/domain/events';
import type { RequestRow } from './queries.ts';

export function requestOf(r: RequestRow): AttendanceRequest {
  return {
    id: r.id,
    childID: r.child_id,
    siteID: r.site_id,
    date: r.date,
    comboID: r.combo_id,
    type: r.type,
    time: r.time,
    notes: r.notes,
    contact: { id: r.contact_id, forename: r.forename, surname: r.surname, hasImage: r.has_image },
    signature:
      r.signature_id !== null && r.signature_key !== null
        ? { id: Number(r.signature_id), key: r.signature_key }
        : null,
    approved: r.approved,
    decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  };
}
