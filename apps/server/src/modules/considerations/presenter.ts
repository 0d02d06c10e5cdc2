import type { PendingConsideration } from '@nursery/domain';
import type { PendingConsiderationRow } from './queries.ts';

export function pendingConsideration(r: PendingConsiderationRow): PendingConsideration {
  return {
    id: r.id,
    status: r.status,
    notes: r.notes,
    visibleToParents: r.visible_to_parents,
    staffID: r.staff_id,
    eventID: Number(r.event_id),
    created: new Date(r.created).toISOString(),
    child: {
      id: r.child_id,
      forename: r.child_forename,
      surname: r.child_surname,
      hasImage: r.child_has_image,
    },
    staffMember:
      r.staff_id !== null && r.staff_forename !== null && r.staff_surname !== null
        ? { id: r.staff_id, forename: r.staff_forename, surname: r.staff_surname }
        : null,
  };
}
