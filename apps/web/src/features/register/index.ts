// The child register (spec 002 §2 "Child register", issue 14): #/register (today) and #/register/{date}
// (a future date). Only this file is imported by the shell: the screen is a lazy route.
import type { RouteObject } from 'react-router';
import { ChildrenIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';

export const registerRoutes: RouteObject[] = [
  { path: 'register/:date?', lazy: () => import('./RegisterPage') },
  // Spec 002 §2 "Conflict screen": register changes the server refused, resolved one at a time.
  { path: 'conflict', lazy: () => import('./ConflictPage') },
];

// The offline preparation (features/sync) fetches today's register with the screen's own key and fetch.
export { registerDayQuery } from './queries';
// The staff register's toasts follow the child register's placement (issue 27).
export { showRegisterToast } from './registerToast';
// The shell's call: the changes kept on the device join the one sync loop (their code loads lazily).
export { useRegisterOfflineSync } from './useRegisterOfflineSync';

export const registerNavigation: NavigationEntry = {
  to: '/register',
  labelKey: 'nav-register',
  icon: ChildrenIcon,
  qa: 'nav-register',
  permission: 'viewRegister',
};

// The screen's own strings load with it; the type lets app/i18n.ts type their keys.
export type RegisterStrings = typeof import('./strings').registerStrings;
/**
 * The navigation entry's label: the shell needs it before the screen's code loads. The screen's own
 * strings (strings.ts) are imported only by the lazy screen, so none of them is in the shell's bundle.
 */
export const registerNavStrings = { 'nav-register': 'Register' } as const;
