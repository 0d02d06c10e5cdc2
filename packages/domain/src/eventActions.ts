/**
 * What a user may do with an event they can see (issue 31: the events drawer's buttons), decided once
 * here from their permissions and the event; the server answers it (events v3 `actions`).
 */
import type { PermissionMap } from './permissions.ts';
import { EventStatus } from './statuses.ts';

export interface EventActionInput {
  statusID: number;
  /** The role's edit right on the event's type and status (the event answer's `editable`). */
  editable: boolean;
}

export interface EventActionFlags {
  comment: boolean;
  edit: boolean;
  startConversation: boolean;
  viewHistory: boolean;
}

export function eventActions(
  permissions: Pick<PermissionMap, 'sendMessages' | 'viewEventHistory'>,
  e: EventActionInput,
): EventActionFlags {
  return {
    // Whoever may see the event may comment (POST api/v1/events/{id}/comments applies the same rule).
    comment: true,
    edit: e.editable,
    // Spec 000 §6: sendMessages starts a conversation on published events only.
    startConversation: permissions.sendMessages && e.statusID === EventStatus.Published,
    viewHistory: permissions.viewEventHistory,
  };
}
