// Who the Event Checker may cover (spec 001 §6 "The Event Checker shows the staff picker only if the
// user can select staff; otherwise it covers the user's own key children"). The right to select staff
// is the `selectStaff` permission of spec 001's list (docs/decisions.md "Issue 17: Event Checker").
import type { PermissionMap } from '@nursery/domain/common';
import type { EventCheckerAnswer } from '@nursery/domain/spotlight';

export function eventCheckerActions(permissions: PermissionMap): EventCheckerAnswer['permittedActions'] {
  return { canSelectStaff: permissions.selectStaff };
}
