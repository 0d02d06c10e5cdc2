// Who may do what in the Spotlight editor (spec 001 §6): the save statuses the user's event roles
// allow (new events: from no status; existing ones: staying, or a transition from the current one
// when the event is editable), the type's media rights, parent notes and publishConsiderations.
// The editor shows what these say; it never derives them itself.
import type { SpotlightPermittedActions } from '@nursery/domain/spotlight';
import type { AuthContext } from '../../plugins/auth.ts';
import type { EventPolicy, EventTypeConfig } from '../events/index.ts';

const byId = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** The statuses a new event of the type may be saved to. */
export function newEventSaveStatuses(policy: EventPolicy, typeId: number): number[] {
  return byId(policy.targets(typeId, undefined, null));
}

/** The statuses an existing event may be saved to: none when it is not editable. */
export function existingEventSaveStatuses(
  policy: EventPolicy,
  e: { typeId: number; authorStaffId: number | null; statusId: number },
): number[] {
  if (!policy.editable(e.typeId, e.authorStaffId, e.statusId)) return [];
  return byId([e.statusId, ...policy.targets(e.typeId, e.authorStaffId, e.statusId)]);
}

export function spotlightPermittedActions(
  auth: AuthContext,
  type: EventTypeConfig,
  saveStatusIDs: number[],
  flags: Record<string, unknown>,
): SpotlightPermittedActions {
  const editable = saveStatusIDs.length > 0;
  return {
    saveStatusIDs,
    addMedia: editable && type.addMedia,
    addPhoto: editable && type.addPhoto,
    addVideo: editable && type.addVideo,
    editParentNotes: editable && type.tag === 'learningStory' && flags.anyContactGroupCanAddNotes !== true,
    publishConsiderations: auth.permissions.publishConsiderations,
  };
}
