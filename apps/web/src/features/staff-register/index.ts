// The staff register (spec 002 §2 "Staff register", issue 18): #/staff-register/{siteID}/{tab}/{date}
// (each part optional: the session's site, the Times tab, today at the site). Only this file is
// imported by the shell: the screen is a lazy route and its strings load with it.
import type { RouteObject } from 'react-router';
import { lineIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';

export const staffRegisterRoutes: RouteObject[] = [
  { path: 'staff-register/:siteID?/:tab?/:date?', lazy: () => import('./StaffRegisterPage') },
];

/** A clock face: staff times. */
const StaffClockIcon = lineIcon('M12 7v5l3 2', 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z');

export const staffRegisterNavigation: NavigationEntry = {
  to: '/staff-register',
  labelKey: 'nav-staff-register',
  icon: StaffClockIcon,
  qa: 'nav-staff-register',
  // Spec 002 §6: at least one of the three opens the register (the site's feature flag is the page's).
  anyPermission: ['checkInSelf', 'checkInOtherStaff', 'markOffStaff'],
};

// The device's offline preparation and the offline queue use the screen's key, fetch and shapes.
export type { ConflictChoice, ShiftChange, ShiftConflict } from './changeTypes';
// The shell's call: the changes kept on the device join the one sync loop (their code loads lazily).
export { useStaffShiftOfflineSync } from './offline/useStaffShiftOfflineSync';
export { staffRegisterDayQuery, staffRegisterKeys } from './queries';

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type StaffRegisterStrings = typeof import('./strings').staffRegisterStrings;
/** The navigation entry's label: the shell needs it before the screen's code loads. */
export const staffRegisterNavStrings = { 'nav-staff-register': 'Staff register' } as const;
