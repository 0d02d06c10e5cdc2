// Emergency contacts (spec 002 §2 "Other screens"): #/emergency. Only this file is imported by the
// shell: the screen is a lazy route and its strings load with it.
import type { RouteObject } from 'react-router';
import { AlertIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';

/** The list's query, prepared at login (features/sync/prepareDevice.ts) so it opens offline at once. */
export { emergencyListQuery } from './api';

export const emergencyRoutes: RouteObject[] = [{ path: 'emergency', lazy: () => import('./EmergencyPage') }];

export const emergencyNavigation: NavigationEntry = {
  to: '/emergency',
  labelKey: 'nav-emergency',
  icon: AlertIcon,
  qa: 'nav-emergency',
  permission: 'viewChildContacts',
};

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type EmergencyStrings = typeof import('./strings').emergencyStrings;
/** The navigation entry's label: the shell needs it before the screen's code loads. */
export const emergencyNavStrings = { 'nav-emergency': 'Emergency contacts' } as const;
