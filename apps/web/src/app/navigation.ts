import { auditNavigation } from '../features/audit';
import { draftsNavigation } from '../features/drafts';
import { emergencyNavigation } from '../features/emergency';
import { eventsNavigation } from '../features/events';
import { homeNavigation } from '../features/home';
import { notificationsNavigation } from '../features/notifications';
import { registerNavigation } from '../features/register';
import { spotlightNavigation } from '../features/spotlight';
import { staffRegisterNavigation } from '../features/staff-register';
import { syncNavigation } from '../features/sync';
import { timelineNavigation } from '../features/timeline';
import type { NavigationEntry } from '../lib/navigation';

/**
 * The main navigation, in this order. Each feature's index.ts declares its entry (with the permission
 * that unlocks it); a new area adds its entry here next to its routes in router.tsx.
 */
export const NAVIGATION: readonly NavigationEntry[] = [
  homeNavigation,
  registerNavigation,
  staffRegisterNavigation,
  emergencyNavigation,
  eventsNavigation,
  timelineNavigation,
  spotlightNavigation,
  draftsNavigation,
  syncNavigation,
  notificationsNavigation,
  auditNavigation,
];
