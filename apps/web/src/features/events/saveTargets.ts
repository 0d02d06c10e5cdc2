/**
 * Which save buttons the form shows (spec 000 §4): one per status the user may move the event to, from
 * the server's permittedActions for a stored event and from the role data in the config for a new one.
 * Deleting is never a save button: it is a separate confirmed action.
 */
import type {
  EventRoleConfig,
  EventStatusConfig,
  EventTransitionConfig,
  EventTypeConfig,
} from '@nursery/domain/account';
import { allowedTargetStatuses, rolesFor } from '@nursery/domain/events';

export interface SaveTarget {
  statusID: number;
  /** i18n key of the button label and its parameters. */
  label:
    | { key: 'save-keep-status' }
    | { key: 'save-to-drafts' }
    | { key: 'save-send-for-approval' }
    | { key: 'save-send-to-nursery' }
    | { key: 'save-publish' }
    | { key: 'save-as-status'; status: string };
  primary: boolean;
}

export interface TargetsInput {
  type: EventTypeConfig;
  statuses: readonly EventStatusConfig[];
  roles: readonly EventRoleConfig[];
  transitions: readonly EventTransitionConfig[];
  hasStaffID: boolean;
  /** null for a new event. */
  current: { statusID: number; editable: boolean; permittedActions: readonly number[] } | null;
}

function labelFor(status: EventStatusConfig, hasStaffID: boolean): SaveTarget['label'] {
  if (status.incomplete && !status.awaitingApproval) return { key: 'save-to-drafts' };
  if (status.awaitingApproval) return { key: hasStaffID ? 'save-send-for-approval' : 'save-send-to-nursery' };
  if (status.published) return { key: 'save-publish' };
  return { key: 'save-as-status', status: status.value };
}

export function saveTargets(input: TargetsInput): SaveTarget[] {
  const byId = new Map(input.statuses.map((s) => [s.id, s]));
  const targetIDs = input.current
    ? input.current.permittedActions
    : allowedTargetStatuses(rolesFor(input.type, true, input.roles), input.transitions, null);
  const targets: SaveTarget[] = [];
  if (input.current?.editable) {
    targets.push({ statusID: input.current.statusID, label: { key: 'save-keep-status' }, primary: true });
  }
  for (const id of targetIDs) {
    const status = byId.get(id);
    if (!status || status.deleted || id === input.current?.statusID) continue;
    // Moving a stored event elsewhere saves its edits too, so only an editable event offers them here;
    // a locked one changes status through the drafts list's transitions.
    if (input.current && !input.current.editable) continue;
    targets.push({ statusID: id, label: labelFor(status, input.hasStaffID), primary: false });
  }
  if (!input.current && targets.length > 0) {
    const draft = targets.find((t) => t.label.key === 'save-to-drafts');
    (draft ?? targets[0]!).primary = true;
  }
  return targets;
}

/** The deleted status the user may move a stored event to, if any. */
export function deleteTarget(
  statuses: readonly EventStatusConfig[],
  permittedActions: readonly number[],
): number | null {
  return statuses.find((s) => s.deleted && permittedActions.includes(s.id))?.id ?? null;
}
