// Who may read the catalogue cards and switch frameworks (issue 29). A read-only card needs the hub
// card's own permission (the domain's overviewPermission); without it: 403, before anything is read.
import { type OverviewCard, overviewPermission } from '@nursery/domain/settings';
import { forbidden } from '../../lib/errors.ts';
import { type AuthContext, requirePermission } from '../../plugins/auth.ts';

export const requireFrameworkAdmin = requirePermission('settingsFrameworks');
export const requireMealAdmin = requirePermission('settingsMeals');

export function assertMayReadCard(auth: AuthContext, card: OverviewCard): void {
  if (!auth.permissions[overviewPermission(card)]) throw forbidden();
}
