// Who may do what with medication records (spec 000 §6; issue 31): the permission enableEvents with
// the provider's flag enableEvents (the medicine type), then the event type's roles as the events
// module applies them (visibility, who may edit, the transitions). Answers carry `permittedActions`.
import { EventStatus } from '@nursery/domain/common';
import {
  isMedicationEditable,
  MEDICATION_STATUS_IDS,
  type MedicationPermittedActions,
  medicationSaveAsStatuses,
} from '@nursery/domain/events';
import { forbidden } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { EventPolicy, EventRecord, EventTypeConfig } from '../events/index.ts';

/** 403 unless the user may use medication records: the permission and the provider's flag. */
export function requireMedication(auth: AuthContext, flags: Record<string, unknown>) {
  if (!auth.permissions.enableEvents || flags.enableEvents === false)
    throw forbidden('You do not have permission to record medication.');
}

/** The provider's enabled medication event type, if any. */
export function medicationTypeOf(policy: EventPolicy): EventTypeConfig | undefined {
  return policy.config.eventTypes.find((t) => t.tag === 'medication' && t.enabled);
}

/** Whether a stored event is a medication record (any such type, enabled or not). */
export function isMedicationEvent(policy: EventPolicy, e: Pick<EventRecord, 'typeId'>): boolean {
  return policy.type(e.typeId)?.tag === 'medication';
}

/** The statuses a new record may be saved as: the role's, of the medication statuses. */
export function newRecordStatuses(policy: EventPolicy, typeId: number): number[] {
  const allowed = new Set(policy.targets(typeId, undefined, null));
  return MEDICATION_STATUS_IDS.filter((id) => allowed.has(id));
}

export function permittedActions(
  auth: AuthContext,
  policy: EventPolicy,
  e: Pick<EventRecord, 'typeId' | 'authorStaffId' | 'statusId'>,
  hasConsent: boolean,
): MedicationPermittedActions {
  const edit = isMedicationEditable(e.statusId) && policy.editable(e.typeId, e.authorStaffId, e.statusId);
  const targets = new Set(policy.targets(e.typeId, e.authorStaffId, e.statusId));
  return {
    saveAs: edit ? medicationSaveAsStatuses(e.statusId).filter((id) => targets.has(id)) : [],
    edit,
    // A parent signs once, also after publishing (at collection: docs/decisions.md, issue 31).
    addConsent:
      !hasConsent && e.statusId !== EventStatus.Deleted && (edit || e.statusId === EventStatus.Published),
    viewHistory: auth.permissions.viewEventHistory,
  };
}
