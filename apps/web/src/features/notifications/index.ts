// Notifications (spec 002 §2 "Notifications page", Profile "notification settings (openable
// directly)"): #/notifications and #/notifications/settings, lazy routes; the navigation entry carries
// the unread count.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { BellIcon } from '../../components/icons';
import type { NavigationEntry } from '../../lib/navigation';

// The badge's query code loads after the shell's first render (the login + Home budget, bench 'bundle').
const NotificationsNavBadge = lazy(() =>
  import('./NavBadge').then((m) => ({ default: m.NotificationsNavBadge })),
);

export const notificationsRoutes: RouteObject[] = [
  { path: 'notifications', lazy: () => import('./NotificationsPage') },
  { path: 'notifications/settings', lazy: () => import('./NotificationSettingsPage') },
];

export const notificationsNavigation: NavigationEntry = {
  to: '/notifications',
  labelKey: 'nav-notifications',
  icon: BellIcon,
  qa: 'nav-notifications',
  badge: NotificationsNavBadge,
};

export type NotificationsStrings = typeof import('./strings').notificationsStrings;
/** The navigation entry's label and badge: the shell needs them before the screens' code loads. */
export const notificationsNavStrings = {
  'nav-notifications': 'Notifications',
  'nav-notifications-unread_one': '{{count}} unread notification',
  'nav-notifications-unread_other': '{{count}} unread notifications',
} as const;
