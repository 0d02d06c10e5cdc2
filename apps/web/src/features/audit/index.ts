// The record audit trail (issue 26): #/audit, a manager's list of who read or changed which child's
// records, with a CSV export. Only this file is imported by the shell: the screen is a lazy route
// and its strings load with it.
import type { RouteObject } from 'react-router';
import { HistoryIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';

export const auditRoutes: RouteObject[] = [{ path: 'audit', lazy: () => import('./AuditTrailPage') }];

export const auditNavigation: NavigationEntry = {
  to: '/audit',
  labelKey: 'nav-audit',
  icon: HistoryIcon,
  qa: 'nav-audit',
  permission: 'viewAuditTrail',
};

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type AuditStrings = typeof import('./strings').auditStrings;
/** The navigation entry's label: the shell needs it before the screen's code loads. */
export const auditNavStrings = { 'nav-audit': 'Audit trail' } as const;
