// Who may administer children (issue 29): the hub's Children card, behind settingsChildren (403
// without it). Which child they may reach is the floor's rule, reused: a child of one of their sites
// (children/index.ts mayViewChild); any other child, of this provider or another, is 404.
import { requirePermission } from '../../plugins/auth.ts';

export const requireChildrenAdmin = requirePermission('settingsChildren');

/** An archived child is restored before it is edited again. */
export const childActions = (archived: boolean) => ({
  edit: !archived,
  archive: !archived,
  restore: archived,
});
