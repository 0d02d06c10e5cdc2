/**
 * What a user may do with an event they can see (issue 31: the events drawer's buttons), decided once
 * here from their permissions and the event; the server answers it (events v3 `actions`).
 */
import { mayStartConversation } from './conversations.ts';
import type { PermissionMap } from './permissions.ts';

export interface EventActionInput {
  statusID: number;
  /** A conversation is about one child: an event of staff only starts none. */
  childID: number | null;
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
    // Spec 000 §6: sendMessages starts a conversation on published events only (the event answer's
    // mayStartConversation is the same rule).
    startConversation: mayStartConversation(permissions.sendMessages, {
      statusId: e.statusID,
      childId: e.childID,
    }),
    viewHistory: permissions.viewEventHistory,
  };
}
