// Who may do what on Home (spec 002 §6): the overview needs a staff session (its due-in count and
// today's bookings need viewRegister too), adding a reminder needs addEvents and a reminder set up,
// editing one needs canEditReminders (the flag, an enabled task type) and an event role that edits it.
import type { PermissionMap } from '@nursery/domain/common';
import type { EventPolicy, EventTypeConfig } from '../events/index.ts';

export interface ReminderKind {
  type: EventTypeConfig;
  codeId: number;
}

/** The enabled task type with an enabled 'Reminder' code (spec 002 §5), or null when none is set up. */
export function reminderKind(policy: EventPolicy): ReminderKind | null {
  for (const type of policy.config.eventTypes) {
    if (type.tag !== 'task' || !type.enabled) continue;
    const code = type.codes.find((c) => c.key === 'reminder' && c.enabled);
    if (code) return { type, codeId: code.id };
  }
  return null;
}

/** The flag canEditReminders with an enabled task type (spec 002 §6). */
export function canEditReminders(flags: Record<string, unknown>, kind: ReminderKind | null): boolean {
  return flags.canEditReminders === true && kind !== null;
}

/** The register parts of Home (due in, today's bookings): viewRegister at a site keeping registers. */
export function seesRegister(permissions: PermissionMap, registersEnabled: boolean): boolean {
  return permissions.viewRegister === true && registersEnabled;
}

/** One reminder may be edited: canEditReminders and a role that edits its status. */
export function reminderEditable(
  policy: EventPolicy,
  editReminders: boolean,
  e: { typeId: number; authorStaffId: number | null; statusId: number },
): boolean {
  return editReminders && policy.editable(e.typeId, e.authorStaffId, e.statusId);
}
